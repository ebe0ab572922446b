import { useState } from 'react';
import { Copy, KeyRound } from 'lucide-react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * A secret the server shows once (a one-time password, an API token): with a copy button, gone
 * when the dialog closes. `description` says what it is for and that it is not shown again.
 */
export function SecretOnceDialog({ secret, title, description, onClose, testId }: { secret: string | null; title: string; description: string; onClose: () => void; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret);
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={close}
      title={title}
      description={description}
      size="sm"
      footer={
        <Button onClick={close}>
          Tamam
        </Button>
      }
    >
      <div className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-800">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
        <code data-testid={testId} className="flex-1 font-mono text-sm tracking-wide break-all select-all">
          {secret}
        </code>
        {/* Focus starts on 'Kopyala', not 'Tamam': a hurried second Enter copies instead of losing the secret. */}
        <Button variant="ghost" size="sm" icon={Copy} onClick={() => void copy()} data-autofocus>
          {copied ? 'Kopyalandı' : 'Kopyala'}
        </Button>
      </div>
    </Dialog>
  );
}
