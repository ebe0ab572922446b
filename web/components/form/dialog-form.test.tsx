import { useForm } from 'react-hook-form';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, Input } from '@web/components/ui';
import { ApiError } from '@web/lib/api-error';
import { DialogForm } from './dialog-form';

type Values = { name: string };

function NameDialog({ onSubmit, onCancel = () => undefined }: { onSubmit: (values: Values) => Promise<unknown>; onCancel?: () => void }) {
  return (
    <Dialog open onClose={onCancel} title="Yeni Proje">
      <NameForm onSubmit={onSubmit} onCancel={onCancel} />
    </Dialog>
  );
}

function NameForm({ onSubmit, onCancel }: { onSubmit: (values: Values) => Promise<unknown>; onCancel: () => void }) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onCancel} submitLabel="Oluştur">
      <Input label="Proje Adı" error={form.formState.errors.name?.message} {...form.register('name')} />
    </DialogForm>
  );
}

describe('DialogForm', () => {
  it('sends the values, says "Kaydediliyor..." meanwhile, and İptal cancels', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onCancel = vi.fn();
    render(<NameDialog onSubmit={onSubmit} onCancel={onCancel} />);
    await userEvent.type(screen.getByLabelText('Proje Adı'), 'Altın');
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Altın' });
    expect(await screen.findByText('Kaydediliyor...')).toBeVisible();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Oluştur' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'İptal' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('a failure that fits no field shows above the buttons, and what was typed stays', async () => {
    render(<NameDialog onSubmit={async () => Promise.reject(new ApiError(409, 'Bu proje kodu zaten kullanılıyor'))} />);
    await userEvent.type(screen.getByLabelText('Proje Adı'), 'Altın');
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu proje kodu zaten kullanılıyor');
    expect(screen.getByLabelText('Proje Adı')).toHaveValue('Altın');
  });

  it('a field’s server message lands on that field', async () => {
    render(<NameDialog onSubmit={async () => Promise.reject(new ApiError(400, 'Geçersiz', { name: 'Proje adı zaten var' }))} />);
    await userEvent.type(screen.getByLabelText('Proje Adı'), 'Altın');
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByText('Proje adı zaten var')).toBeVisible();
    expect(screen.queryByText('Geçersiz')).toBeNull();
  });
});
