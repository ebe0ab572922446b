import { useState } from 'react';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { Badge, Button, Card, CardBody, CardHeader, ErrorState, LoadingState } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';
import { useTotpStatus } from '../api/totp-api';
import { DisableTotpDialog } from '../components/disable-totp-dialog';
import { RegenerateCodesDialog } from '../components/regenerate-codes-dialog';
import { TotpSetupWizard } from '../components/totp-setup-wizard';

const SUPPORTED_APPS = ['Google Authenticator', 'Microsoft Authenticator', 'Authy', '1Password', 'Bitwarden'] as const;

const INFO_CARDS = [
  {
    icon: Smartphone,
    title: 'Nasıl çalışır?',
    text: 'Girişte şifrenizden sonra doğrulama uygulamanızın her 30 saniyede bir ürettiği 6 haneli kod istenir. Şifreniz ele geçse bile hesabınıza telefonunuz olmadan girilemez.',
  },
  {
    icon: KeyRound,
    title: 'Yedek kodlar',
    text: 'Kurulumda 10 yedek kod verilir; her biri bir kez kullanılabilir. Telefonunuz yanınızda değilken bunlarla giriş yapabilirsiniz. Azaldığında yenileyin.',
  },
  {
    icon: ShieldOff,
    title: 'Cihazınızı kaybettiyseniz',
    text: 'Bir yedek kodla giriş yapıp 2FA’yı kapatın ve yeniden kurun. Yedek kodunuz da yoksa yöneticiniz Kullanıcı Yönetimi ekranından 2FA’nızı sıfırlayabilir.',
  },
] as const;

/** İki Faktörlü Doğrulama (/totp, spec §2.15). */
export function TotpPage() {
  const status = useTotpStatus();
  const user = useSessionStore((s) => s.user);
  const setupRequired = useSessionStore((s) => s.totpSetupRequired);
  const [setupOpen, setSetupOpen] = useState(false);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const username = user?.username ?? '';

  if (status.isPending) return <LoadingState />;
  if (!status.data) return <ErrorState query={status} />;
  const { enabled, remainingCodes } = status.data;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      {status.isError && <ErrorState variant="banner" query={status} />}
      {setupRequired && !enabled && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          {TOTP_MESSAGES.setupRequired}
        </div>
      )}

      {/* Open until 'Kurulumu Tamamla': the backup codes step comes after 2FA is already on. */}
      {setupOpen ? (
        <TotpSetupWizard username={username} onCancel={() => setSetupOpen(false)} onDone={() => setSetupOpen(false)} />
      ) : (
        <Card>
          <CardHeader
            title="Durum"
            description="Hesabınızın iki faktörlü doğrulama durumu"
            actions={
              enabled ? (
                <>
                  <Button variant="outline" icon={RefreshCw} onClick={() => setDialog('regenerate')}>
                    Yedek Kodları Yenile
                  </Button>
                  <Button variant="danger" icon={ShieldOff} onClick={() => setDialog('disable')}>
                    Devre Dışı Bırak
                  </Button>
                </>
              ) : (
                <Button icon={ShieldCheck} onClick={() => setSetupOpen(true)}>
                  2FA Kurulumu
                </Button>
              )
            }
          />
          <CardBody className="flex flex-wrap items-center gap-3">
            {enabled ? (
              <>
                <Badge tone="success" dot>
                  Etkin
                </Badge>
                <span className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="remaining-codes">
                  Kalan yedek kod: <strong className="text-zinc-900 dark:text-zinc-50">{remainingCodes}</strong>
                </span>
              </>
            ) : (
              <>
                <Badge tone="default" dot>
                  Devre Dışı
                </Badge>
                <span className="text-sm text-zinc-600 dark:text-zinc-300">Girişte yalnızca şifreniz isteniyor.</span>
              </>
            )}
          </CardBody>
        </Card>
      )}

      <div className="grid gap-4 md:grid-cols-3">
        {INFO_CARDS.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardBody className="flex flex-col gap-2">
              <Icon aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
              <p className="text-sm text-zinc-600 dark:text-zinc-300">{text}</p>
            </CardBody>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader title="Desteklenen doğrulama uygulamaları" as="h2" />
        <CardBody>
          <ul className="flex flex-wrap gap-2">
            {SUPPORTED_APPS.map((app) => (
              <li key={app}>
                <Badge tone="info">{app}</Badge>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>

      <DisableTotpDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
      <RegenerateCodesDialog open={dialog === 'regenerate'} onClose={() => setDialog(null)} username={username} />
    </div>
  );
}
