import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { signInAs } from '@web/test/session-fixtures';
import { ManualRequestForm } from './manual-request-form';

function renderForm(respond: (call: RecordedCall) => Response, onCreated = vi.fn()) {
  signInAs('operator');
  const server = mockFetch(respond);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ManualRequestForm projectId={1} onCreated={onCreated} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...server, onCreated };
}
const created = (body: unknown) => json(201, { success: true, data: { id: 41, externalId: null, ...(body as object) } });
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

describe('ManualRequestForm', () => {
  it('has the spec texts: title, fields, Talep Oluştur', () => {
    renderForm(created);
    expect(screen.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' })).toBeInTheDocument();
    expect(screen.getByLabelText('Dış Referans (opsiyonel)')).toHaveValue('');
    expect(screen.getByLabelText('Kullanıcı Adı')).toHaveValue('');
    expect(screen.getByLabelText('Öncelik (1-5)')).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Talep Oluştur' })).toBeEnabled();
  });

  it('refuses an empty form: a customer and an amount above 0 are required, and nothing is sent', async () => {
    const { calls } = renderForm(created);
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    expect(await screen.findByText('Müşteri kullanıcı adı veya müşteri ID gereklidir')).toBeInTheDocument();
    expect(screen.getByText("Tutar 0'dan büyük olmalıdır")).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends only what was filled in (customer id, amount and priority)', async () => {
    const { calls, onCreated } = renderForm((call) => created(call.body));
    await userEvent.type(screen.getByLabelText('Müşteri ID'), '9001');
    await userEvent.type(screen.getByLabelText(/Tutar/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts(calls)[0]).toMatchObject({ url: '/api/bonus/projects/1/requests', body: { customerId: '9001', amount: '10', priority: 3 } });
    expect(Object.keys(posts(calls)[0]!.body as object).sort()).toEqual(['amount', 'customerId', 'priority']);
    expect(await screen.findByText('Bonus talebi oluşturuldu')).toBeInTheDocument();
  });

  it('sends what was typed, trimmed, with a Turkish decimal amount', async () => {
    const { calls, onCreated } = renderForm((call) => created(call.body));
    await userEvent.type(screen.getByLabelText('Dış Referans (opsiyonel)'), '  EXT-9 ');
    await userEvent.type(screen.getByLabelText('Kullanıcı Adı'), 'ayse.kaya');
    await userEvent.clear(screen.getByLabelText('Öncelik (1-5)'));
    await userEvent.type(screen.getByLabelText('Öncelik (1-5)'), '5');
    await userEvent.selectOptions(screen.getByLabelText('Bonus Türü'), 'points');
    await userEvent.type(screen.getByLabelText(/Tutar/), '1250,5');
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts(calls)[0]!.body).toEqual({ externalId: 'EXT-9', customerUsername: 'ayse.kaya', priority: 5, bonusType: 'points', amount: '1250.5' });
  });

  it("sends the customer segment chosen under 'Diğer bilgiler' (VIP, Standart, Yeni Müşteri, Yüksek Risk)", async () => {
    const { calls, onCreated } = renderForm((call) => created(call.body));
    const segment = screen.getByLabelText(/Müşteri Segmenti/);
    expect(screen.getByText('Diğer bilgiler (opsiyonel)').closest('details')).toContainElement(segment);
    expect([...(segment as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Belirtilmemiş', 'VIP', 'Standart', 'Yeni Müşteri', 'Yüksek Risk']);
    await userEvent.type(screen.getByLabelText('Kullanıcı Adı'), 'vip.oyuncu');
    await userEvent.type(screen.getByLabelText(/Tutar/), '500');
    await userEvent.selectOptions(segment, 'vip');
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts(calls)[0]!.body).toEqual({ customerUsername: 'vip.oyuncu', priority: 3, amount: '500', customerSegment: 'vip' });
  });

  it.each(['0', '6', '2.5'])('refuses priority %s with the field message and sends nothing', async (priority) => {
    const { calls } = renderForm(created);
    await userEvent.clear(screen.getByLabelText('Öncelik (1-5)'));
    await userEvent.type(screen.getByLabelText('Öncelik (1-5)'), priority);
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    expect(await screen.findByText('Öncelik 1-5 arasında olmalıdır')).toBeInTheDocument();
    expect(screen.getByLabelText('Öncelik (1-5)')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('puts the server’s field error on its field and toasts the failure', async () => {
    renderForm(() => json(409, { success: false, message: 'Bu dış referans ile bir talep zaten var', errors: { externalId: 'Bu dış referans ile bir talep zaten var' } }));
    await userEvent.type(screen.getByLabelText('Dış Referans (opsiyonel)'), 'DUP-1');
    await userEvent.type(screen.getByLabelText('Kullanıcı Adı'), 'ali');
    await userEvent.type(screen.getByLabelText(/Tutar/), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Talep Oluştur' }));
    expect(await screen.findByText('Oluşturma hatası')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Dış Referans (opsiyonel)')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Bu dış referans ile bir talep zaten var').length).toBeGreaterThanOrEqual(1);
  });
});
