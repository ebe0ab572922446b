import { DESK } from '@common/constants';
import type { DbOrTx } from '../../db/client';
import { readProjectSettings } from '../settings';

export interface DeskSettings {
  /** At or above this amount (exact decimal), completing asks for the amount to be typed; null never. */
  completeConfirmAmount: string | null;
  /** A request of the same customer and bonus type within this many hours is 'Olası tekrar'. */
  duplicateWindowHours: number;
}

/** The project settings the desk's safety rules read (project_settings; defaults if the row is missing). */
export async function readDeskSettings(db: DbOrTx, projectId: number): Promise<DeskSettings> {
  const settings = await readProjectSettings(db, projectId);
  return {
    completeConfirmAmount: settings ? settings.completeConfirmAmount : String(DESK.defaultCompleteConfirmAmount),
    duplicateWindowHours: settings?.duplicateWindowHours ?? DESK.defaultDuplicateWindowHours,
  };
}
