import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Visually hidden label (the control still has one for screen readers). */
  hideLabel?: boolean;
  className?: string;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A control's id (given or generated) and the ids of its hint and error lines, which aria-describedby names. */
export function useFieldIds(givenId: string | undefined, hint: ReactNode, error: ReactNode) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** Label, control, hint and error, wired together with ids so assistive tech reads them in order. */
export function Field({ label, error, hint, required, hideLabel, className, id: givenId, children }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(givenId, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-zinc-800 dark:text-zinc-200', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The box every text-like control shares. */
export const controlStyles = cn(
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors',
  'placeholder:text-zinc-400 hover:border-zinc-400',
  'focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/30',
  'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500',
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30',
  'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:hover:border-zinc-600',
  'dark:focus:border-indigo-400 dark:disabled:bg-zinc-800/60 dark:aria-invalid:border-red-400',
);

/** The hint and error lines under a control, with the ids its aria-describedby names. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: ReactNode; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
