import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, type User } from '@common/schemas/users';
import { ApiError } from '@web/lib/api-error';
import { PROJECTS } from '@web/test/session-fixtures';
import { UserFormDialog } from './user-form-dialog';

const admin = { id: 7, role: 'admin' as const };

function renderForm(props: Partial<Parameters<typeof UserFormDialog>[0]> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  render(<UserFormDialog open actor={admin} projects={PROJECTS} defaultProjectId={1} onClose={() => undefined} onSubmit={onSubmit} {...props} />);
  return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit };
}

const existing: User = {
  id: 12,
  username: 'agent9',
  fullName: 'Deniz Ak',
  email: 'deniz@example.com',
  phone: null,
  role: 'agent',
  isActive: true,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  projects: [PROJECTS[1]!],
};

describe('UserFormDialog', () => {
  it('answers an empty form with the §5 message of every field and sends nothing', async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText(/^Rol/), '');
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByText(USER_MESSAGES.usernameRequired)).toBeVisible();
    expect(screen.getByText(USER_MESSAGES.fullNameRequired)).toBeVisible();
    expect(screen.getByText(USER_MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByText(USER_MESSAGES.roleRequired)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers an admin only the roles below their own, operator first by default', () => {
    renderForm();
    const role = screen.getByLabelText(/^Rol/) as HTMLSelectElement;
    expect(role.value).toBe('operator');
    const labels = within(role).getAllByRole('option').map((o) => o.textContent);
    expect(labels).toEqual(['Rol seçiniz', 'Yönetici', 'Operatör', 'Agent']);
  });

  it('sends trimmed values, the chosen projects and no password when left blank', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByLabelText(/Kullanıcı Adı/), '  yeni.ajan ');
    await userEvent.type(screen.getByLabelText(/Ad Soyad/), 'Yeni Ajan');
    await userEvent.type(screen.getByLabelText(/E-posta/), 'yeni@example.com');
    await userEvent.selectOptions(screen.getByLabelText(/^Rol/), 'agent');
    await userEvent.click(screen.getByLabelText(/Yıldız Bahis/));
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'yeni.ajan', role: 'agent', isActive: true, password: undefined, projectIds: [1, 2] }),
    );
  });

  it("puts the server's field error on its field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
    });
    renderForm({ user: existing, onSubmit });
    expect(screen.getByRole('heading', { name: 'Kullanıcıyı Düzenle' })).toBeVisible();
    expect(screen.queryByLabelText(/^Şifre/)).toBeNull();
    expect(screen.getByLabelText(/Yıldız Bahis/)).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Güncelle' }));
    expect(await screen.findByText(USER_MESSAGES.usernameTaken)).toBeVisible();
    expect(screen.getByLabelText(/Kullanıcı Adı/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a user from changing their own role or deactivating themselves', () => {
    renderForm({ user: { ...existing, id: admin.id, role: 'admin' } });
    expect(screen.getByLabelText(/^Rol/)).toBeDisabled();
    expect(screen.getByLabelText('Aktif')).toBeDisabled();
  });
});
