import { useState } from 'react';
import { Copy, ShieldCheck } from 'lucide-react';
import type { TotpSetup } from '@common/schemas/totp';
import { Button, Card, CardBody, CardHeader } from '@web/components/ui';
import { notify } from '@web/lib/notify';
import { useEnableTotp, useStartTotpSetup } from '../api/totp-api';
import { BackupCodesList } from './backup-codes-list';
import { QrCodeImage } from './qr-code-image';
import { TotpCodeForm } from './totp-code-form';

type Step = { name: 'intro' } | { name: 'verify'; setup: TotpSetup } | { name: 'codes'; codes: string[] };
const STEP_TITLES = { intro: '1. Başlangıç', verify: '2. Doğrulama', codes: '3. Yedek Kodlar' } as const;

/** §2.15's three steps: intro → QR, manual key and code → backup codes shown once. */
export function TotpSetupWizard({ username, onDone, onCancel }: { username: string; onDone: () => void; onCancel: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'intro' });
  const start = useStartTotpSetup();
  const enable = useEnableTotp();

  // The mutations toast; a refused code throws on, so the code form shows why.
  const begin = () => start.mutate(undefined, { onSuccess: (setup) => setStep({ name: 'verify', setup }) });
  const verify = async (token: string) => {
    const { backupCodes } = await enable.mutateAsync(token);
    setStep({ name: 'codes', codes: backupCodes });
  };

  return (
    <Card>
      <CardHeader title="2FA Kurulumu" description={`Adım ${STEP_TITLES[step.name]}`} />
      <CardBody className="flex flex-col gap-5">
        {step.name === 'intro' && (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              Telefonunuza bir doğrulama uygulaması kurun (Google Authenticator, Microsoft Authenticator, Authy, 1Password veya Bitwarden). Sonraki
              adımda uygulamayla bir QR kod okutacak ve uygulamanın ürettiği 6 haneli kodu gireceksiniz.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button icon={ShieldCheck} onClick={begin} loading={start.isPending}>
                Kuruluma Başla
              </Button>
              <Button variant="outline" onClick={onCancel}>
                Vazgeç
              </Button>
            </div>
          </>
        )}
        {step.name === 'verify' && <VerifyStep setup={step.setup} onVerify={verify} onCancel={onCancel} />}
        {step.name === 'codes' && (
          <>
            <BackupCodesList codes={step.codes} username={username} />
            <div>
              <Button onClick={onDone}>Kurulumu Tamamla</Button>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function VerifyStep({ setup, onVerify, onCancel }: { setup: TotpSetup; onVerify: (token: string) => Promise<void>; onCancel: () => void }) {
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.manualEntryKey);
      notify.success('Anahtar kopyalandı');
    } catch {
      notify.error('Kopyalanamadı', 'Anahtarı elle seçip kopyalayın.');
    }
  };
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center gap-2">
        <QrCodeImage value={setup.qrCodeUrl} label="Doğrulama uygulamasıyla okutulacak QR kod" />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Uygulamada “QR kod tara” seçeneğini kullanın.</p>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <span id="manual-key-label" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Manuel giriş anahtarı
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <code aria-labelledby="manual-key-label" data-testid="manual-entry-key" className="rounded-md bg-zinc-100 px-2 py-1.5 font-mono text-sm break-all text-zinc-900 select-all dark:bg-zinc-800 dark:text-zinc-100">
              {setup.manualEntryKey}
            </code>
            <Button variant="outline" size="sm" icon={Copy} onClick={() => void copyKey()}>
              Kopyala
            </Button>
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">QR kod okutamıyorsanız bu anahtarı uygulamaya elle girin (zaman tabanlı).</p>
        </div>
        <TotpCodeForm submitLabel="Doğrula ve Etkinleştir" onSubmit={onVerify} onCancel={onCancel} />
      </div>
    </div>
  );
}
