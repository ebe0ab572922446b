import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (delete, force logout). */
  tone?: 'danger' | 'primary';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** true only when the user pressed the confirm button; Escape, backdrop, close and cancel give false. */
  onResult: (confirmed: boolean) => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel = 'Onayla', cancelLabel = 'Vazgeç', tone = 'danger', onResult }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => onResult(false)}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onResult(false)} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={() => onResult(true)}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message && <div className="text-sm text-zinc-600 dark:text-zinc-300">{message}</div>}
    </Dialog>
  );
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** Mount once near the root; then any component can `await confirm({...})`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    resolver.current?.(false);
    setPending(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog open={pending !== null} title={pending?.title ?? ''} {...pending} onResult={settle} />
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm({ title: 'Bu kullanıcıyı silmek istediğinizden emin misiniz?' })) remove();`
 * Resolves true only on the confirm button.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs <ConfirmProvider> above it');
  return confirm;
}
