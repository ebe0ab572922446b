import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, type User } from '@common/schemas/users';
import { RoleEditDialog } from './role-edit-dialog';

const user: User = {
  id: 20,
  username: 'operator',
  fullName: 'Mert Kaya',
  email: null,
  phone: null,
  role: 'operator',
  isActive: true,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  projects: [],
};

describe('RoleEditDialog', () => {
  it("shows the user read-only and requires a role ('Rol seçilmelidir')", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<RoleEditDialog user={user} actor={{ id: 1, role: 'admin' }} onClose={() => undefined} onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Kullanıcı Düzenle' })).toBeVisible();
    expect(screen.getByText('Mert Kaya')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText(/^Rol/), '');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(USER_MESSAGES.roleRequired)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the role and the active flag together', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<RoleEditDialog user={user} actor={{ id: 1, role: 'admin' }} onClose={() => undefined} onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText(/^Rol/), 'manager');
    await userEvent.click(screen.getByLabelText('Aktif'));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSubmit).toHaveBeenCalledWith({ role: 'manager', isActive: false });
  });
});
