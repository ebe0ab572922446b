import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TERMS } from '@common/terms';
import { ConfirmProvider } from '@web/components/ui';
import { PageActionsProvider } from '@web/components/layout/page-actions';
import { createQueryClient } from '@web/lib/query-client';
import { reportAnswer } from '@web/lib/server-reach';
import { json, mockFetch } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { UsersPage } from './users-page';

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PageActionsProvider>
          <ConfirmProvider>
            <UsersPage />
          </ConfirmProvider>
        </PageActionsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  reportAnswer();
  signOutStore();
});

describe('UsersPage (an admin list) when its data cannot be fetched', () => {
  it("says 'Sunucuya ulaşılamıyor' instead of 'Kullanıcı bulunamadı', and 'Tekrar Dene' brings the list", async () => {
    signInAs('admin');
    let down = true;
    mockFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : json(200, { success: true, data: { items: [], total: 0, page: 1, limit: 10, totalPages: 0 } })));
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent(TERMS.unreachable);
    expect(screen.queryByText('Kullanıcı bulunamadı')).toBeNull();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: TERMS.retry }));
    expect(await screen.findByText('Kullanıcı bulunamadı')).toBeInTheDocument();
  });

  it("a refusal (403) keeps the server's message", async () => {
    signInAs('admin');
    mockFetch(() => json(403, { success: false, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bu işlem için yetkiniz yok');
    expect(alert).not.toHaveTextContent(TERMS.unreachable);
  });
});
