import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, type ButtonVariant } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { submitWithServerErrors } from '@web/lib/form-errors';

export interface DialogFormProps<TValues extends FieldValues, TOut> {
  form: UseFormReturn<TValues, unknown, TOut>;
  /** Throws on failure: the server's messages land on the fields (or above the buttons) and what was typed stays. */
  onSubmit: (values: TOut) => Promise<unknown>;
  onCancel: () => void;
  /** The submit button's text; 'Kaydet' unless the dialog says otherwise. */
  submitLabel?: ReactNode;
  submitVariant?: ButtonVariant;
  cancelLabel?: string;
  /** 'Kaydediliyor...' while the request runs; a dialog that does not save says what it does. */
  loadingText?: string;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * The body of a dialog that holds a form (put it inside `Dialog`, which mounts it fresh on each
 * open): the fields, the server's message that fits no field, and the footer with 'İptal' and the
 * submit button that shows the request running.
 */
export function DialogForm<TValues extends FieldValues, TOut>({
  form,
  onSubmit,
  onCancel,
  submitLabel = 'Kaydet',
  submitVariant,
  cancelLabel = 'İptal',
  loadingText = 'Kaydediliyor...',
  className = 'gap-4',
  'aria-label': ariaLabel,
  children,
}: DialogFormProps<TValues, TOut>) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submitWithServerErrors(form, onSubmit)} noValidate className={cn('flex flex-col', className)} aria-label={ariaLabel}>
      {children}
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={submitVariant} loading={isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
