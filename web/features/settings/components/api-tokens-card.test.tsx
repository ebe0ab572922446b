import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiToken } from '@common/schemas/api-tokens';
import { ConfirmProvider } from '@web/components/ui';
import { json, mockFetch } from '@web/test/fetch-mock';
import { ApiTokensCard } from './api-tokens-card';
import { bodyOf } from './create-api-token-dialog';

const TOKEN = `bp_${'x'.repeat(43)}`;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <ApiTokensCard projectId={7} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const listed = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'Ödeme sistemi',
  abilities: ['requests:read', 'requests:complete'],
  hint: 'bp_xxxxxx…',
  createdByName: 'Ayşe Yılmaz',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API anahtarları', () => {
  it('says there are none yet, creates one with the chosen abilities, shows the token once, and lists it without the token', async () => {
    const tokens: ApiToken[] = [];
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        const body = call.body as { name: string; abilities: ApiToken['abilities'] };
        const made = listed({ name: body.name, abilities: body.abilities });
        tokens.push(made);
        return json(201, { success: true, data: { ...made, token: TOKEN } });
      }
      return json(200, { success: true, data: tokens });
    });
    renderCard();
    expect(await screen.findByText('Henüz API anahtarı yok')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Yeni Anahtar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni API anahtarı' });
    await userEvent.type(within(dialog).getByLabelText(/Anahtar adı/), 'Ödeme sistemi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.abilitiesRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(dialog).getByLabelText('Talepleri okuma'));
    await userEvent.click(within(dialog).getByLabelText('Talep tamamlama ve onaylama'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    const secret = await screen.findByTestId('api-token-secret');
    expect(secret).toHaveTextContent(TOKEN);
    expect(screen.getByText(API_TOKEN_MESSAGES.shownOnce)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Ödeme sistemi', abilities: ['requests:read', 'requests:complete'], expiresAt: null }]);
    expect(calls.every((c) => c.url.endsWith('/api/projects/7/api-tokens'))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
    const row = await screen.findByTestId('api-token-row');
    expect(row).toHaveTextContent('Ödeme sistemi');
    expect(row).toHaveTextContent('Talep tamamlama ve onaylama');
    expect(row).toHaveTextContent('Hiç kullanılmadı');
    expect(row).toHaveTextContent('Süresiz');
    expect(document.body).not.toHaveTextContent(TOKEN);
  });

  it('revokes only after the confirmation, and shows the token as revoked', async () => {
    let token = listed();
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE') token = { ...token, revokedAt: '2026-11-27T12:00:00.000Z' };
      return json(200, { success: true, data: call.method === 'DELETE' ? token : [token] });
    });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Ödeme sistemi anahtarını iptal et' }));
    const confirm = await screen.findByRole('dialog', { name: 'API anahtarı iptal edilsin mi?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Vazgeç' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Ödeme sistemi anahtarını iptal et' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'API anahtarı iptal edilsin mi?' })).getByRole('button', { name: 'İptal Et' }));
    await waitFor(() => expect(screen.getByTestId('api-token-row')).toHaveTextContent('İptal edildi'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/projects\/7\/api-tokens\/1$/)]);
    expect(screen.queryByRole('button', { name: 'Ödeme sistemi anahtarını iptal et' })).toBeNull();
  });

  it('says the list could not be read, with a way to try again', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(500, { success: false, code: 'INTERNAL', message: 'Sunucu hatası' }) : json(200, { success: true, data: [listed()] })));
    renderCard();
    const retry = await screen.findByRole('button', { name: 'Tekrar Dene' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('api-token-row')).toHaveTextContent('Ödeme sistemi');
  });

  it('sends the chosen last day as the end of that day', () => {
    const body = bodyOf({ name: 'x', abilities: ['reports:read'], expiresOn: '2031-03-04' });
    expect(new Date(body.expiresAt!).getDate()).toBe(4);
    expect(new Date(body.expiresAt!).getHours()).toBe(23);
    expect(bodyOf({ name: 'x', abilities: ['reports:read'], expiresOn: '' }).expiresAt).toBeNull();
  });
});
