import { DESK, SETTINGS_DEFAULTS } from '@common/constants';
import type { DbOrTx } from '../../db/client';
import { readProjectSettings } from '../settings';

export interface DeskSettings {
  /** At or above this amount (exact decimal), completing asks for the amount to be typed; null never. */
  completeConfirmAmount: string | null;
  /** A request of the same customer and bonus type within this many hours is 'Olası tekrar'. */
  duplicateWindowHours: number;
  /** At or above this amount a completion waits for a second person's approval; null = off. */
  approvalThreshold: string | null;
  /** Per customer, per local day / month of the project's time zone; null = no limit. */
  customerDailyLimit: string | null;
  customerMonthlyLimit: string | null;
  timezone: string;
}

/** The project settings the desk's safety rules read (project_settings; defaults if the row is missing). */
export async function readDeskSettings(db: DbOrTx, projectId: number): Promise<DeskSettings> {
  const settings = await readProjectSettings(db, projectId);
  return {
    completeConfirmAmount: settings ? settings.completeConfirmAmount : String(DESK.defaultCompleteConfirmAmount),
    duplicateWindowHours: settings?.duplicateWindowHours ?? DESK.defaultDuplicateWindowHours,
    approvalThreshold: settings?.approvalThreshold ?? null,
    customerDailyLimit: settings?.customerDailyLimit ?? null,
    customerMonthlyLimit: settings?.customerMonthlyLimit ?? null,
    timezone: settings?.timezone ?? SETTINGS_DEFAULTS.timezone,
  };
}
