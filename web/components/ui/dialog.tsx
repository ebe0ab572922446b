import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { Button } from './button';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned). */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** 'drawer' slides in from the left edge, full height (phone navigation). */
  placement?: 'center' | 'drawer';
  /** No visible header or close button (the drawer draws its own); the title still labels the dialog. */
  hideHeader?: boolean;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Escape closes, focus returns to the opener. Content mounts only while
 * open, so forms inside start fresh each time. Mark the control that should get focus
 * first with `data-autofocus` (else the first control, the close button, gets it).
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', placement = 'center', hideHeader, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // React does not render `autofocus`, so the browser would pick the first control (the close
      // button); content marks the control that should start with focus with data-autofocus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const drawer = placement === 'drawer';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'bg-transparent p-0 text-zinc-900 backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px] dark:text-zinc-100',
        drawer ? 'm-0 h-dvh max-h-dvh w-72 max-w-[85vw]' : cn('m-auto w-[calc(100%-2rem)]', widths[size]),
      )}
    >
      {open && (
        <div
          className={cn(
            'flex flex-col bg-white shadow-xl dark:bg-zinc-900',
            drawer ? 'h-full border-r border-zinc-200 dark:border-zinc-800' : 'max-h-[85dvh] rounded-xl border border-zinc-200 dark:border-zinc-800',
            className,
          )}
        >
          {hideHeader ? (
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
          ) : (
            <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
              <div className="min-w-0">
                <h2 id={titleId} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                    {description}
                  </p>
                )}
              </div>
              <Button variant="ghost" size="icon" icon={X} aria-label="Kapat" onClick={onClose} className="-mt-1 -mr-2" />
            </div>
          )}
          <div className={cn('min-h-0 flex-1 overflow-y-auto', !drawer && 'px-5 pb-5')}>{children}</div>
          {footer && (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">{footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
}
