import { DESK } from '@common/constants';
import type { DbOrTx } from '../../db/client';

export interface DeskSettings {
  /** At or above this amount (TRY), completing asks for the amount to be typed. */
  completeConfirmAmount: number;
  /** A request of the same customer and bonus type within this many hours is 'Olası tekrar'. */
  duplicateWindowHours: number;
}

/**
 * The project settings the desk's safety rules read. The columns arrive with the API contract
 * core (issue 9: `completeConfirmAmount`, `duplicateWindowHours` in project settings); until
 * they are merged every project uses the documented defaults. One place to switch over.
 */
export async function readDeskSettings(_db: DbOrTx, _projectId: number): Promise<DeskSettings> {
  return { completeConfirmAmount: DESK.defaultCompleteConfirmAmount, duplicateWindowHours: DESK.defaultDuplicateWindowHours };
}
