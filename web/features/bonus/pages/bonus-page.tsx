import { PendingScreen } from '@web/components/layout/pending-screen';

/** Bonus Talepleri (/bonus, spec §2.5). */
export function BonusPage() {
  return <PendingScreen title="Bonus Talepleri" />;
}
