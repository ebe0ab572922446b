import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_MESSAGES, type Project } from '@common/schemas/projects';
import { ProjectFormDialog } from './project-form-dialog';

const project: Project = {
  id: 3,
  code: 'GOLD',
  name: 'Altın Şans Casino',
  baseUrl: 'https://altinsans.example.com',
  dbType: 'postgresql',
  dbHost: '127.0.0.1',
  dbPort: null,
  dbName: 'gold_bonus',
  dbUser: 'bridge_reader',
  hasDbPassword: true,
  isActive: true,
  lastSyncAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  timezone: 'Europe/Istanbul',
};

function renderForm(existing: Project | null = null) {
  const onSubmit = vi.fn(async () => undefined);
  render(<ProjectFormDialog open project={existing} onClose={() => undefined} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('ProjectFormDialog', () => {
  it('trims before checking: fields of spaces get their §5 messages', async () => {
    const onSubmit = renderForm();
    for (const label of [/Proje Kodu/, /Proje Adı/, /Base URL/, /Veritabanı Host/, /Veritabanı Adı/, /Veritabanı Kullanıcısı/]) {
      await userEvent.type(screen.getByLabelText(label), '   ');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    for (const message of [
      PROJECT_MESSAGES.codeRequired,
      PROJECT_MESSAGES.nameRequired,
      PROJECT_MESSAGES.baseUrlRequired,
      PROJECT_MESSAGES.dbHostRequired,
      PROJECT_MESSAGES.dbNameRequired,
      PROJECT_MESSAGES.dbUserRequired,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears an error as soon as its field is edited, leaving the others', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByText(PROJECT_MESSAGES.codeRequired)).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Proje Kodu/), 'N');
    expect(screen.queryByText(PROJECT_MESSAGES.codeRequired)).toBeNull();
    expect(screen.getByText(PROJECT_MESSAGES.nameRequired)).toBeVisible();
  });

  it('on edit, a blank password is left out (unchanged); values are sent trimmed', async () => {
    const onSubmit = renderForm(project);
    expect(screen.getByText(/Kayıtlı bir şifre var/)).toBeVisible();
    const name = screen.getByLabelText(/Proje Adı/);
    await userEvent.clear(name);
    await userEvent.type(name, '  Yeni Ad  ');
    await userEvent.click(screen.getByRole('button', { name: 'Güncelle' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [values] = onSubmit.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(values).toMatchObject({ code: 'GOLD', name: 'Yeni Ad', dbPort: null });
    expect(values.dbPassword).toBeUndefined();
    expect(JSON.parse(JSON.stringify(values))).not.toHaveProperty('dbPassword');
  });
});
