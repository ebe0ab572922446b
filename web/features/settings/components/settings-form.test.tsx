import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES, type ProjectSettingsData, type SystemSettingsData } from '@common/schemas/settings';
import { SettingsForm, type SettingsFormProps } from './settings-form';

const system: SystemSettingsData = { appName: 'Bonus Management System', sessionTimeout: 7200, maxLoginAttempts: 5, twoFactorRequiredRoles: [] };
const project: ProjectSettingsData = {
  timezone: 'Europe/Istanbul',
  autoSync: true,
  syncInterval: 30,
  emailNotifications: true,
  smsNotifications: false,
  waitingAlertMinutes: 30,
  defaultAgentCapacity: 5,
  claimLeaseMinutes: 30,
  completeConfirmAmount: '10000.00',
  duplicateWindowHours: 24,
  approvalThreshold: null,
  customerDailyLimit: null,
  customerMonthlyLimit: null,
};

function renderForm(props: Partial<SettingsFormProps> = {}) {
  const onSave = vi.fn<SettingsFormProps['onSave']>(async () => undefined);
  const router = createMemoryRouter([
    { path: '/', element: <SettingsForm system={system} project={project} transports={{ email: false, sms: true, emailToLog: false }} onSave={onSave} {...props} /> },
  ]);
  render(<RouterProvider router={router} />);
  return onSave;
}

describe('SettingsForm', () => {
  it('shows the session timeout in minutes and saves it in seconds, with both parts', async () => {
    const onSave = renderForm();
    const timeout = screen.getByLabelText(/Oturum Zaman Aşımı/);
    expect(timeout).toHaveValue(120);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları Kaydet' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      system: { ...system, sessionTimeout: 300 },
      project,
    });
  });

  it('puts each §5 message on its field', async () => {
    const onSave = renderForm();
    await userEvent.clear(screen.getByLabelText(/Uygulama Adı/));
    await userEvent.clear(screen.getByLabelText(/Oturum Zaman Aşımı/));
    await userEvent.type(screen.getByLabelText(/Oturum Zaman Aşımı/), '4');
    await userEvent.clear(screen.getByLabelText(/Maksimum Giriş Denemesi/));
    await userEvent.clear(screen.getByLabelText(/Senkronizasyon Aralığı/));
    await userEvent.type(screen.getByLabelText(/Senkronizasyon Aralığı/), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları Kaydet' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.appNameRequired)).toBeVisible();
    expect(screen.getByText(SETTINGS_MESSAGES.sessionTimeoutMin)).toBeVisible();
    expect(screen.getByText(SETTINGS_MESSAGES.maxLoginAttemptsRequired)).toBeVisible();
    expect(screen.getByText(SETTINGS_MESSAGES.syncIntervalMin)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('without system rights shows only the project fields; an unconfigured channel is disabled and says why', async () => {
    const onSave = renderForm({ system: undefined });
    expect(screen.queryByLabelText(/Uygulama Adı/)).toBeNull();
    expect(screen.getByLabelText('E-posta bildirimleri')).toBeDisabled();
    expect(screen.getByText(SETTINGS_MESSAGES.emailNotConfigured)).toBeVisible();
    expect(screen.getByLabelText('SMS bildirimleri')).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları Kaydet' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ system: undefined, project }));
  });

  it('says, in demo mode, that e-mails go to the server log', async () => {
    renderForm({ transports: { email: true, sms: false, emailToLog: true } });
    expect(await screen.findByRole('checkbox', { name: 'E-posta bildirimleri' })).toHaveAccessibleDescription(SETTINGS_MESSAGES.emailToLog);
  });

  it('edits the approval threshold and the customer limits in the desk section: empty is off, a bad amount is refused on its field', async () => {
    const onSave = renderForm({ system: undefined });
    await userEvent.type(screen.getByLabelText(/Onay Eşiği/), '12,5x');
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları Kaydet' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.confirmAmountInvalid)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/Onay Eşiği/));
    await userEvent.type(screen.getByLabelText(/Onay Eşiği/), '25000');
    await userEvent.type(screen.getByLabelText(/Müşteri Aylık Limiti/), '100000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları Kaydet' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].project).toMatchObject({ approvalThreshold: '25000', customerDailyLimit: null, customerMonthlyLimit: '100000.50' });
  });
});
