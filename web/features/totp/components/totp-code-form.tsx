import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { totpCode } from '@common/schemas/totp';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Input } from '@web/components/ui';
import { submitWithServerErrors } from '@web/lib/form-errors';

const schema = z.object({ token: totpCode });
type Values = z.input<typeof schema>;

/** Props every six-digit code input shares: numeric keypad, the OS's code autofill, six characters. */
export const codeInputProps = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 6,
  spellCheck: false,
  className: 'font-mono tracking-[0.3em]',
} as const;

/** A six-digit code form ('Kod gereklidir', '6 haneli sayısal kod girin'); server errors land on the field. */
export function TotpCodeForm({ submitLabel, onSubmit, onCancel, danger }: { submitLabel: string; onSubmit: (token: string) => Promise<unknown>; onCancel?: () => void; danger?: boolean }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { token: '' } });
  const submit = submitWithServerErrors(form, ({ token }) => onSubmit(token));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input label="Doğrulama Kodu" required data-autofocus autoFocus {...codeInputProps} error={form.formState.errors.token?.message} {...form.register('token')} />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Vazgeç
          </Button>
        )}
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
