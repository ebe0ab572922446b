import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@common/schemas/webhooks';
import { ConfirmProvider } from '@web/components/ui';
import { createMutationCache } from '@web/lib/mutation-toasts';
import { notify } from '@web/lib/notify';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { WebhooksCard } from './webhooks-card';

const SECRET = `whsec_${'s'.repeat(43)}`;
const BASE = '/api/projects/7/webhooks';

function renderCard() {
  const client = new QueryClient({ mutationCache: createMutationCache(), defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <WebhooksCard projectId={7} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const listed = (over: Partial<Webhook> = {}): Webhook => ({
  id: 1,
  url: 'https://ornek.com/hook',
  events: ['request.created'],
  isActive: true,
  failingSince: null,
  disabledAt: null,
  previousSecretUntil: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 31,
  eventId: 'evt_abc',
  eventType: 'request.created',
  status: 'failed',
  attempts: 2,
  occurredAt: '2026-11-27T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  attemptLog: [
    { attemptedAt: '2026-11-27T10:00:01.000Z', statusCode: 500, durationMs: 120, responseExcerpt: 'sunucu çöktü', error: null },
    { attemptedAt: '2026-11-27T10:01:01.000Z', statusCode: null, durationMs: 5000, responseExcerpt: null, error: 'Zaman aşımı (5 sn)' },
  ],
  ...over,
});

const ok = (data: unknown, status = 200) => json(status, { success: true, data });
const posts = (calls: RecordedCall[], path = BASE) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(path));

/** A response the test releases when it wants: the request runs until then. */
function held() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Webhooklar', () => {
  it('says there are none yet, refuses a webhook without events, creates one once however often Enter is pressed, shows its secret once and lists it without it', async () => {
    const webhooks: Webhook[] = [];
    const answer = held();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') return answer.promise;
      return ok(webhooks);
    });
    renderCard();
    expect(await screen.findByText('Henüz webhook yok')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Yeni Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni webhook' });
    const url = within(dialog).getByLabelText(/URL/);
    await userEvent.type(url, 'https://ornek.com/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await userEvent.click(within(dialog).getByLabelText('Talep oluşturuldu'));
    await userEvent.click(within(dialog).getByLabelText('Senkronizasyon bitti'));
    expect(within(dialog).getByRole('switch', { name: 'Etkin' })).toBeChecked();
    await userEvent.type(url, '{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Oluşturuluyor/ })).toBeDisabled());
    await userEvent.type(url, '{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: /Oluşturuluyor/ }));
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({ url: 'https://ornek.com/hook', events: ['request.created', 'sync.finished'], isActive: true });

    const made = listed({ events: ['request.created', 'sync.finished'] });
    webhooks.push(made);
    answer.release(ok({ ...made, secret: SECRET }, 201));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent(SECRET);
    expect(screen.getByText(WEBHOOK_MESSAGES.secretShownOnce)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('https://ornek.com/hook');
    expect(row).toHaveTextContent('Talep oluşturuldu');
    expect(row).toHaveTextContent('Senkronizasyon bitti');
    expect(row).toHaveTextContent('Etkin');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(posts(calls)).toHaveLength(1);
  });

  it('puts the server’s refusal of the URL on the URL field and keeps the dialog open', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? json(400, { success: false, code: 'VALIDATION', message: WEBHOOK_MESSAGES.privateAddress, errors: { url: WEBHOOK_MESSAGES.privateAddress } })
        : ok([]),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Yeni Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni webhook' });
    await userEvent.type(within(dialog).getByLabelText(/URL/), 'https://10.0.0.5/hook');
    await userEvent.click(within(dialog).getByLabelText('Talep onaylandı'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    const url = within(dialog).getByLabelText(/URL/);
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(WEBHOOK_MESSAGES.privateAddress)));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveFocus();
    expect(posts(calls)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Yeni webhook' })).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows each webhook’s state: working, switched off, failing since when, switched off by the server after 24 h, and until when the previous secret signs', async () => {
    mockFetch(() =>
      ok([
        listed({ id: 1, url: 'https://a.example/ok' }),
        listed({ id: 2, url: 'https://b.example/off', isActive: false }),
        listed({ id: 3, url: 'https://c.example/failing', failingSince: '2026-11-27T08:00:00.000Z' }),
        listed({ id: 4, url: 'https://d.example/disabled', isActive: false, failingSince: '2026-11-26T08:00:00.000Z', disabledAt: '2026-11-27T08:00:00.000Z' }),
        listed({ id: 5, url: 'https://e.example/rotated', previousSecretUntil: '2026-11-28T10:00:00.000Z' }),
      ]),
    );
    renderCard();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows[0]).toHaveTextContent('Etkin');
    expect(rows[1]).toHaveTextContent('Kapalı');
    expect(rows[1]).not.toHaveTextContent(WEBHOOK_MESSAGES.disabled);
    expect(rows[2]).toHaveTextContent('Başarısız oluyor');
    expect(rows[2]).toHaveTextContent(/27 Kas 2026 11:00 tarihinden beri/);
    expect(rows[3]).toHaveTextContent('Kapalı');
    expect(rows[3]).toHaveTextContent(WEBHOOK_MESSAGES.disabled);
    expect(rows[4]).toHaveTextContent(/Önceki gizli anahtar 28 Kas 2026 13:00 tarihine kadar/);
    expect(rows[0]).not.toHaveTextContent('Önceki gizli anahtar');
  });

  it('switches a webhook the server turned off back on from Düzenle, with its form filled in', async () => {
    let hook = listed({ isActive: false, failingSince: '2026-11-26T08:00:00.000Z', disabledAt: '2026-11-27T08:00:00.000Z' });
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') {
        hook = { ...hook, ...(call.body as Partial<Webhook>), failingSince: null, disabledAt: null };
        return ok(hook);
      }
      return ok([hook]);
    });
    renderCard();
    await userEvent.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhooku düzenle' });
    expect(within(dialog).getByLabelText(/URL/)).toHaveValue('https://ornek.com/hook');
    expect(within(dialog).getByLabelText('Talep oluşturuldu')).toBeChecked();
    expect(within(dialog).getByText(new RegExp(WEBHOOK_MESSAGES.disabled))).toBeInTheDocument();
    const enabled = within(dialog).getByRole('switch', { name: 'Etkin' });
    expect(enabled).not.toBeChecked();
    await userEvent.click(enabled);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.getByTestId('webhook-row')).toHaveTextContent('Etkin'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      [expect.stringMatching(/\/api\/projects\/7\/webhooks\/1$/), { url: 'https://ornek.com/hook', events: ['request.created'], isActive: true }],
    ]);
  });

  it('deletes only after the confirmation', async () => {
    let hooks = [listed()];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE') {
        hooks = [];
        return ok({ id: 1, deleted: true });
      }
      return ok(hooks);
    });
    renderCard();
    const sil = () => within(screen.getByTestId('webhook-row')).getByRole('button', { name: 'Sil' });
    await screen.findByTestId('webhook-row');
    await userEvent.click(sil());
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Webhook silinsin mi?' })).getByRole('button', { name: 'Vazgeç' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(sil());
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Webhook silinsin mi?' })).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Henüz webhook yok')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/projects\/7\/webhooks\/1$/)]);
  });

  it('rotates the secret only after a confirmation that says the old one signs 24 h more, then shows the new one once', async () => {
    let hook = listed();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        hook = { ...hook, previousSecretUntil: '2026-11-28T10:00:00.000Z' };
        return ok({ ...hook, secret: SECRET });
      }
      return ok([hook]);
    });
    renderCard();
    const rotate = async () => userEvent.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Anahtarı Yenile' }));
    await rotate();
    let confirm = await screen.findByRole('dialog', { name: 'Gizli anahtar yenilensin mi?' });
    expect(confirm).toHaveTextContent('Eski anahtar 24 saat daha imzalar');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Vazgeç' }));
    expect(posts(calls, '/rotate-secret')).toHaveLength(0);

    await rotate();
    confirm = await screen.findByRole('dialog', { name: 'Gizli anahtar yenilensin mi?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Anahtarı Yenile' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(posts(calls, '/webhooks/1/rotate-secret')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Tamam' }));
    await waitFor(() => expect(screen.getByTestId('webhook-row')).toHaveTextContent('Önceki gizli anahtar'));
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('sends one test however often it is clicked, says it is queued, and the open log follows a pending delivery until it is delivered', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const answer = held();
    let log: WebhookDelivery[] = [];
    let reads = 0;
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') return answer.promise;
      if (call.url.endsWith('/deliveries')) {
        if (log.length > 0) reads += 1;
        // The second read of the pending delivery finds it delivered.
        if (reads > 1) log = log.map((d) => ({ ...d, status: 'delivered', nextAttemptAt: null, deliveredAt: '2026-11-27T10:00:02.000Z', attempts: 1, attemptLog: [{ attemptedAt: '2026-11-27T10:00:01.000Z', statusCode: 200, durationMs: 42, responseExcerpt: 'tamam', error: null }] }));
        return ok(log);
      }
      return ok([listed()]);
    });
    renderCard();
    const row = await screen.findByTestId('webhook-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Gönderimler' }));
    const empty = await screen.findByRole('dialog', { name: 'Gönderimler' });
    expect(await within(empty).findByText('Henüz gönderim yok')).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gönderimler' })).toBeNull());
    const button = within(row).getByRole('button', { name: 'Test gönder' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(posts(calls, '/webhooks/1/test')).toHaveLength(1);
    const pending = delivery({ eventType: 'webhook.test', eventId: 'evt_t1', status: 'pending', attempts: 0, nextAttemptAt: '2026-11-27T10:00:00.000Z', attemptLog: [] });
    log = [pending];
    answer.release(ok(pending, 202));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Başarılı', WEBHOOK_MESSAGES.testQueued));
    await waitFor(() => expect(button).toBeEnabled());

    await userEvent.click(within(row).getByRole('button', { name: 'Gönderimler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gönderimler' });
    const item = await within(dialog).findByTestId('webhook-delivery');
    expect(item).toHaveTextContent('Test olayı');
    expect(item).toHaveTextContent('Bekliyor');
    expect(item).toHaveTextContent('Sonraki deneme');
    await waitFor(() => expect(within(dialog).getByTestId('webhook-delivery')).toHaveTextContent('Teslim edildi'), { timeout: 5_000 });
    expect(within(dialog).getByTestId('webhook-attempt')).toHaveTextContent('HTTP 200');
    expect(within(dialog).getByTestId('webhook-delivery')).not.toHaveTextContent('Sonraki deneme');
  });

  it('lists each delivery’s attempts and sends one again with Tekrar Gönder', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') return ok(delivery({ status: 'pending', attempts: 0 }), 202);
      if (call.url.endsWith('/deliveries')) return ok([delivery()]);
      return ok([listed()]);
    });
    renderCard();
    await userEvent.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Gönderimler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gönderimler' });
    const item = await within(dialog).findByTestId('webhook-delivery');
    expect(item).toHaveTextContent('Talep oluşturuldu');
    expect(item).toHaveTextContent('evt_abc');
    expect(item).toHaveTextContent('Başarısız');
    const attempts = within(item).getAllByTestId('webhook-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('HTTP 500');
    expect(attempts[0]).toHaveTextContent('120 ms');
    expect(attempts[0]).toHaveTextContent('sunucu çöktü');
    expect(attempts[1]).toHaveTextContent('HTTP cevabı yok');
    expect(attempts[1]).toHaveTextContent('5000 ms');
    expect(attempts[1]).toHaveTextContent('Zaman aşımı (5 sn)');

    await userEvent.click(within(item).getByRole('button', { name: 'Tekrar Gönder' }));
    await waitFor(() => expect(posts(calls, '/api/projects/7/webhooks/1/deliveries/31/redeliver')).toHaveLength(1));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/deliveries')).length).toBeGreaterThanOrEqual(2));
  });

  it('says the list could not be read, with a way to try again', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(500, { success: false, code: 'INTERNAL', message: 'Sunucu hatası' }) : ok([listed()])));
    renderCard();
    const retry = await screen.findByRole('button', { name: 'Tekrar Dene' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('webhook-row')).toHaveTextContent('https://ornek.com/hook');
  });
});
