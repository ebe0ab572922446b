import { useState } from 'react';
import { Copy, KeyRound } from 'lucide-react';
import { Button, Dialog } from '@web/components/ui';

/** Shows a server-generated one-time password once; closing the dialog forgets it. */
export function OneTimePasswordDialog({ password, username, onClose }: { password: string | null; username: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!password) return;
    await navigator.clipboard?.writeText(password);
    setCopied(true);
  };
  return (
    <Dialog
      open={password !== null}
      onClose={onClose}
      title="Tek kullanımlık şifre"
      description={`${username} ilk girişinde bu şifreyi değiştirmek zorunda. Şifre yalnızca şimdi gösterilir.`}
      size="sm"
      footer={
        <Button onClick={onClose} data-autofocus>
          Tamam
        </Button>
      }
    >
      <div className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-800">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
        <code data-testid="one-time-password" className="flex-1 font-mono text-base tracking-wider break-all select-all">
          {password}
        </code>
        <Button variant="ghost" size="sm" icon={Copy} onClick={() => void copy()}>
          {copied ? 'Kopyalandı' : 'Kopyala'}
        </Button>
      </div>
    </Dialog>
  );
}
