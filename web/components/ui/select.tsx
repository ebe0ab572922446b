import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { controlStyles, Field } from './field';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
  /** Either `options` or <option> children. */
  options?: readonly SelectOption[];
  /** An empty first choice ('Seçiniz'), value ''. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (native keeps keyboard and phone pickers right). */
export function Select({ label, error, hint, hideLabel, containerClassName, className, required, id, options, placeholder, children, ...rest }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} hideLabel={hideLabel} className={containerClassName} id={id}>
      {(control) => (
        <div className="relative">
          <select {...control} className={cn(controlStyles, 'h-10 appearance-none pr-9', className)} {...rest}>
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options?.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
            {children}
          </select>
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500" />
        </div>
      )}
    </Field>
  );
}
