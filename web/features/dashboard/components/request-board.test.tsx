import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK } from '@common/constants';
import type { MyQueue, RequestAbilities, ViewedRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import { DASHBOARD_ACTION_TEXTS, useRequestActions } from '@web/entities/bonus-request';
import { createQueryClient } from '@web/lib/query-client';
import { useShortcutHelp } from '@web/stores/shortcut-help-store';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { NO_ABILITIES, viewedRequest } from '@web/test/request-fixtures';
import { RequestBoard } from './request-board';

const ME = 7;
let nextId = 100;
/** The server's abilities for the caller on a fixture: a waiting request is claimable unless said otherwise. */
const NONE: RequestAbilities = NO_ABILITIES;
function request(overrides: Partial<ViewedRequest>): ViewedRequest {
  return viewedRequest({ id: nextId++, abilities: { ...NONE, canClaim: (overrides.status ?? 'queued') === 'queued' }, ...overrides });
}
const page = (items: ViewedRequest[]) => json(200, { success: true, data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } });

let opened: number[] = [];
function Board() {
  const actions = useRequestActions(1, DASHBOARD_ACTION_TEXTS);
  return <RequestBoard projectId={1} callerId={ME} actions={actions} onOpen={(id) => opened.push(id)} />;
}

function setup(columns: Partial<Record<string, ViewedRequest[]>>, onPost: (call: RecordedCall) => Response | Promise<Response>, queue?: MyQueue) {
  const server = mockFetch((call) => {
    if (call.method === 'POST') return onPost(call);
    if (queue && call.url.endsWith('/requests/mine')) return json(200, { success: true, data: queue });
    // 'Üzerimde' asks for 'active,approval': its work and what it sent for approval.
    const status = (new URL(call.url, 'http://x').searchParams.get('status') ?? '').split(',')[0]!;
    return page(columns[status] ?? []);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Board />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return server;
}
const column = (name: string) => screen.getByRole('region', { name });
/**
 * Action buttons ignore pointer clicks until they have stood still for the guard time. The
 * guard's clock (performance.now) moves only when a test says so, never with the machine's speed.
 */
let now = 1_000;
beforeEach(() => {
  now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
const settle = () => {
  now += DESK.freshActionGuardMs + 1;
};

describe('RequestBoard', () => {
  it("shows '? Kısayollar', which opens the shortcuts' list", async () => {
    setup({}, () => json(500, {}));
    expect(useShortcutHelp.getState().open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Kısayollar' }));
    expect(useShortcutHelp.getState().open).toBe(true);
    useShortcutHelp.getState().setOpen(false);
  });

  it('shows the four columns with their helper, loading and empty texts, and asks for my own active requests', async () => {
    const { calls } = setup({ waiting: [request({})] }, () => json(500, {}));
    expect(screen.getAllByText('Veriler yükleniyor…')).toHaveLength(4);
    expect(await within(column('Bekleyen')).findByText('GOLD-100')).toBeInTheDocument();
    expect(within(column('Bekleyen')).getByText('Henüz agent atanmamış talepler')).toBeInTheDocument();
    for (const name of ['Üzerimde', 'Tamamlanan', 'Sorunlu']) expect(await within(column(name)).findByText('Bu kolonda kayıt yok.')).toBeInTheDocument();
    const mine = calls.find((c) => c.url.includes('status=active'))!;
    expect(new URL(mine.url, 'http://x').searchParams.get('agentId')).toBe(String(ME));
    expect(within(column('Bekleyen')).getByText('Öncelik: Düşük · 2')).toBeInTheDocument();
  });

  it('ignores a click on a button that has just appeared under the pointer', async () => {
    // The clock stands still, so the click lands within the guard time, however slow the machine.
    const { calls } = setup({ waiting: [request({})] }, () => json(500, {}));
    await userEvent.click(await within(column('Bekleyen')).findByRole('button', { name: 'Üzerime Al' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Once it has stood still for the guard time, the same click acts.
    settle();
    await userEvent.click(within(column('Bekleyen')).getByRole('button', { name: 'Üzerime Al' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('claims one request at a time and says so', async () => {
    let answer!: (r: Response) => void;
    const first = request({});
    const second = request({});
    const { calls } = setup({ waiting: [first, second] }, () => new Promise<Response>((resolve) => (answer = resolve)));
    const buttons = await within(column('Bekleyen')).findAllByRole('button', { name: 'Üzerime Al' });
    settle();
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(within(column('Bekleyen')).getByRole('button', { name: 'Üzerime Al' })).toBeDisabled());
    expect(within(column('Bekleyen')).getByText('İşleniyor…')).toBeInTheDocument();
    answer(json(200, { success: true, data: { enqueued: false, request: { ...first, status: 'assigned', agentId: ME } } }));
    expect(await screen.findByText('Talep üzerinize alındı')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[`/api/bonus/projects/1/requests/${first.id}/assign`, {}]]);
  });

  it('says "Atama kuyruğa alındı" when the claim was enqueued', async () => {
    const item = request({});
    setup({ waiting: [item] }, () => json(200, { success: true, data: { enqueued: true, request: { ...item, reservedForUserId: ME } } }));
    await within(column('Bekleyen')).findByRole('button', { name: 'Üzerime Al' });
    settle();
    await userEvent.click(within(column('Bekleyen')).getByRole('button', { name: 'Üzerime Al' }));
    expect(await screen.findByText('Atama kuyruğa alındı')).toBeInTheDocument();
  });

  it('shows the server’s message under the failure title', async () => {
    setup({ waiting: [request({})] }, () => json(409, { success: false, message: 'Bu talep zaten Ayşe Çelik tarafından alınmış' }));
    await within(column('Bekleyen')).findByRole('button', { name: 'Üzerime Al' });
    settle();
    await userEvent.click(within(column('Bekleyen')).getByRole('button', { name: 'Üzerime Al' }));
    // The toaster may render a toast's nodes anew while it settles: both texts are looked up together until they are there.
    await waitFor(() => {
      expect(screen.getByText('İşlem başarısız')).toBeInTheDocument();
      expect(screen.getByText('Bu talep zaten Ayşe Çelik tarafından alınmış')).toBeInTheDocument();
    });
  });

  it('offers re-queueing where the server says the caller may, with the column’s label', async () => {
    const mine = request({ status: 'assigned', agentId: ME, abilities: { ...NONE, canComplete: true, canRequeue: true } });
    const columns = { active: [mine], problem: [request({ status: 'error', abilities: { ...NONE, canRequeue: true } })] };
    setup(columns, () => json(200, { success: true, data: mine }));
    expect(await within(column('Üzerimde')).findByRole('button', { name: 'Tamamla' })).toBeInTheDocument();
    expect(within(column('Üzerimde')).getByRole('button', { name: 'Tekrar Sıraya Al' })).toBeInTheDocument();
    expect(await within(column('Sorunlu')).findByRole('button', { name: 'Tekrar İşleme Al' })).toBeInTheDocument();
  });

  it('shows no button the abilities do not allow (an agent and someone else’s problem request)', async () => {
    const mine = request({ status: 'assigned', agentId: ME, abilities: { ...NONE, canComplete: true, canRequeue: true } });
    setup({ active: [mine], problem: [request({ status: 'error' })], waiting: [request({ reservedForUserId: 9, abilities: NONE })] }, () => json(500, {}));
    expect(await within(column('Üzerimde')).findByRole('button', { name: 'Tamamla' })).toBeInTheDocument();
    expect(within(column('Üzerimde')).getByRole('button', { name: 'Tekrar Sıraya Al' })).toBeInTheDocument();
    await within(column('Sorunlu')).findByText(/GOLD-/);
    expect(within(column('Sorunlu')).queryByRole('button', { name: 'Tekrar İşleme Al' })).toBeNull();
    await within(column('Bekleyen')).findByText(/GOLD-/);
    expect(within(column('Bekleyen')).queryByRole('button', { name: 'Üzerime Al' })).toBeNull();
  });

  describe('a claimed card stays where it was', () => {
    /** Waiting [first, second]; once claimed, the server lists first under 'Üzerimde' and no more under 'Bekleyen'. */
    function claimScene() {
      const first = request({});
      const second = request({});
      const columns: Partial<Record<string, ViewedRequest[]>> = { waiting: [first, second] };
      const claimed = { ...first, status: 'assigned' as const, agentId: ME, abilities: { ...NONE, canComplete: true, canRequeue: true } };
      const server = setup(columns, () => {
        columns.waiting = [second];
        columns.active = [claimed];
        return json(200, { success: true, data: { enqueued: false, request: claimed } });
      });
      const posts = () => server.calls.filter((c) => c.method === 'POST');
      const waitingCards = () => [...column('Bekleyen').querySelectorAll('li')].map((li) => li.getAttribute('aria-label'));
      return { first, second, posts, waitingCards };
    }

    it("shows 'Üzerinize alındı' in its place, with nothing to click, through the column's reload; then the column settles", async () => {
      const { first, second, posts, waitingCards } = claimScene();
      const buttons = await within(column('Bekleyen')).findAllByRole('button', { name: TERMS.claim });
      settle();
      await userEvent.click(buttons[0]!);
      // The claim's reload has arrived (the card shows under 'Üzerimde'), and 'Bekleyen' is as it was.
      expect(await within(column('Üzerimde')).findByRole('listitem', { name: first.externalId! })).toBeInTheDocument();
      const held = within(column('Bekleyen')).getByRole('listitem', { name: `${first.externalId}: ${TERMS.claimed}` });
      expect(held).toHaveTextContent(TERMS.claimed);
      expect(waitingCards()).toEqual([`${first.externalId}: ${TERMS.claimed}`, second.externalId]);
      expect(within(held).queryAllByRole('button')).toEqual([]);
      await userEvent.click(held);
      expect(posts()).toHaveLength(1);
      // After the hold the column shows what the server said.
      await waitFor(() => expect(waitingCards()).toEqual([second.externalId]), { timeout: DESK.claimedHoldMs + 3_000 });
      expect(posts()).toHaveLength(1);
    });

    it("after a keyboard claim, focus goes to the claimed card in 'Üzerimde', and a second Enter claims nothing", async () => {
      const { first, posts } = claimScene();
      const buttons = await within(column('Bekleyen')).findAllByRole('button', { name: TERMS.claim });
      // Keyboard presses are never held back by the pointer guard: no settle() needed.
      buttons[0]!.focus();
      await userEvent.keyboard('{Enter}');
      const claimed = await within(column('Üzerimde')).findByRole('listitem', { name: first.externalId! });
      await waitFor(() => expect(claimed).toHaveFocus());
      await userEvent.keyboard('{Enter}');
      expect(posts()).toHaveLength(1);
    });

    it('gives the card back at once when the claim fails', async () => {
      const item = request({});
      setup({ waiting: [item] }, () => json(409, { success: false, message: 'Bu talep zaten Ayşe Çelik tarafından alınmış' }));
      await within(column('Bekleyen')).findByRole('button', { name: TERMS.claim });
      settle();
      await userEvent.click(within(column('Bekleyen')).getByRole('button', { name: TERMS.claim }));
      expect(await screen.findByText('Bu talep zaten Ayşe Çelik tarafından alınmış')).toBeInTheDocument();
      expect(within(column('Bekleyen')).getByRole('button', { name: TERMS.claim })).toBeEnabled();
      expect(screen.queryByText(TERMS.claimed)).toBeNull();
    });
  });

  it("at capacity the claim button reads 'Bana ayır (5/5)' and says what it does", async () => {
    setup({ waiting: [request({})] }, () => json(500, {}), { load: 5, maxLoad: 5, reservations: [], completeConfirmAmount: null, approvalThreshold: null });
    const button = await within(column('Bekleyen')).findByRole('button', { name: 'Bana ayır (5/5)' });
    expect(button).toHaveAttribute('title', TERMS.reserveHint);
    expect(button).toHaveAccessibleDescription(TERMS.reserveHint);
    expect(screen.queryByText(/Sıraya al/)).toBeNull();
  });

  it("'Tamamlanan' asks for completed work by completion time, newest first", async () => {
    const server = setup({}, () => json(500, {}));
    const completedQuery = () => server.calls.map((c) => new URL(c.url, 'http://x').searchParams).find((q) => q.get('status') === 'completed');
    await waitFor(() => expect(completedQuery()).toBeDefined());
    const asked = completedQuery()!;
    expect(asked.get('sortBy')).toBe('completedAt');
    expect(asked.get('sortOrder')).toBe('desc');
  });

  it("'En eski' opens the oldest waiting request", async () => {
    opened = [];
    const oldest = request({ createdAt: '2026-10-01T10:00:00.000Z' });
    setup({ waiting: [oldest] }, () => json(500, {}));
    const link = await within(column('Bekleyen')).findByRole('button', { name: /En eski/ });
    await userEvent.click(link);
    expect(opened).toEqual([oldest.id]);
  });
});
