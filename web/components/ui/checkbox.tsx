import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@web/lib/cn';
import { FieldMessages, useFieldIds } from './field';
import { focusRing } from './focus-ring';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label on the right; the whole label is the click target. */
export function Checkbox({ label, hint, error, containerClassName, className, id: givenId, ...rest }: CheckboxProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(givenId, hint, error);
  return (
    <div className={cn('flex items-start gap-2.5', containerClassName)}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn('mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-indigo-600 dark:border-zinc-600 dark:accent-indigo-400', focusRing, className)}
        {...rest}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 select-none dark:text-zinc-200">
          {label}
        </label>
        <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </div>
  );
}
