import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';
import { controlStyles, Field } from './field';

interface FieldOwnProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement>, FieldOwnProps {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input: `<Input label="Kullanıcı Adı" error={errors.username?.message} {...register('username')} />`.
 * `required` marks the field (star, aria-required) but the form's schema does the check,
 * so the browser's own English bubbles never appear.
 */
export function Input({ label, error, hint, hideLabel, containerClassName, className, required, id, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} hideLabel={hideLabel} className={containerClassName} id={id}>
      {(control) => <input {...control} className={cn(controlStyles, 'h-10', className)} {...rest} />}
    </Field>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldOwnProps {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, hideLabel, containerClassName, className, required, id, rows = 3, ...rest }: TextareaProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} hideLabel={hideLabel} className={containerClassName} id={id}>
      {(control) => <textarea {...control} rows={rows} className={cn(controlStyles, 'py-2', className)} {...rest} />}
    </Field>
  );
}
