import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { TERMS } from '@common/terms';
import { MISSING_VALUE, MISSING_VALUE_HINT } from '@web/components/ui/stat-card';
import { reportAnswer } from '@web/lib/server-reach';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { AdvancedDashboardPage } from './advanced-dashboard-page';

afterEach(() => {
  reportAnswer();
  signOutStore();
});

describe('AdvancedDashboardPage with the API unreachable', () => {
  it("says 'Sunucuya ulaşılamıyor' with 'Tekrar Dene', never 'N/A · Veri bulunamadı' tiles", async () => {
    signInAs('admin');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdvancedDashboardPage />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent(TERMS.unreachable);
    expect(within(alert).getByRole('button', { name: TERMS.retry })).toBeEnabled();
    expect(screen.queryByText(MISSING_VALUE)).toBeNull();
    expect(screen.queryByText(MISSING_VALUE_HINT)).toBeNull();
    expect(screen.queryByText('Sistem Aktif')).toBeNull();
  });

  it("a refused load (4xx) keeps the spec's 'Veri Yüklenemedi' panel, and 'Tekrar Dene' asks again", async () => {
    signInAs('admin');
    const { calls } = mockFetch(() => json(403, { success: false, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok' }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdvancedDashboardPage />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Veri Yüklenemedi');
    expect(alert).not.toHaveTextContent(TERMS.unreachable);
    const before = calls.length;
    await userEvent.click(within(alert).getByRole('button', { name: TERMS.retry }));
    await screen.findByRole('alert');
    expect(calls.length).toBeGreaterThan(before);
  });
});
