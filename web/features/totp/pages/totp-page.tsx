import { PendingScreen } from '@web/components/layout/pending-screen';

/** İki Faktörlü Doğrulama (/totp, spec §2.15). */
export function TotpPage() {
  return <PendingScreen title="İki Faktörlü Doğrulama" />;
}
