import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { RequestViewer } from '@common/schemas/request-viewers';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { useAnnounceViewing, useRequestViewersFeed } from '../model/use-request-viewers';
import { RequestViewersEye, RequestViewersLine } from './request-viewers';

/** The app's one live connection, reduced to what the viewers' hooks use of it. */
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: unknown[][] = [];
  return {
    handlers,
    emitted,
    receive(event: string, payload: unknown) {
      handlers.get(event)?.forEach((h) => h(payload));
    },
  };
});

vi.mock('@web/lib/socket', () => ({
  RESYNC_EVENT: 'live:resync',
  projectSocket: {
    on(event: string, handler: (payload: unknown) => void) {
      let set = live.handlers.get(event);
      if (!set) live.handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    emit: (...args: unknown[]) => live.emitted.push(args),
  },
}));

/** The signed-in user of the fixtures (id 7) and two others. */
const SELF: RequestViewer = { userId: 7, fullName: 'Burak Yılmaz' };
const AYSE: RequestViewer = { userId: 20, fullName: 'Ayşe Çelik' };
const MEHMET: RequestViewer = { userId: 21, fullName: 'Mehmet Kaya' };
const ZEYNEP: RequestViewer = { userId: 22, fullName: 'Zeynep Öztürk' };

function Frame({ children }: { children: React.ReactNode }) {
  useRequestViewersFeed();
  return <>{children}</>;
}

function Detail({ requestId }: { requestId: number | null }) {
  useAnnounceViewing(requestId);
  return null;
}

const list = (requestId: number, viewers: RequestViewer[]) => act(() => live.receive(SOCKET_EVENTS.requestViewers, { requestId, viewers }));

beforeEach(() => signInAs('agent'));
afterEach(() => {
  signOutStore();
  live.emitted.length = 0;
});

describe('the eye on cards and rows', () => {
  it('shows how many others look at the request, leaving the signed-in user out, and goes when nobody else does', () => {
    render(
      <Frame>
        <RequestViewersEye requestId={5} />
        <RequestViewersEye requestId={6} />
      </Frame>,
    );
    expect(screen.queryByRole('img', { name: /kişi bakıyor/ })).toBeNull();
    list(5, [AYSE, SELF, MEHMET]);
    const eye = screen.getByRole('img', { name: '2 kişi bakıyor' });
    expect(eye).toHaveTextContent('2');
    expect(eye).toHaveAttribute('title', '2 kişi bakıyor: Ayşe Çelik, Mehmet Kaya');
    list(5, [SELF]);
    expect(screen.queryByRole('img', { name: /kişi bakıyor/ })).toBeNull();
  });

  it("a snapshot (the room just joined) replaces what was known", () => {
    render(
      <Frame>
        <RequestViewersEye requestId={5} />
        <RequestViewersEye requestId={6} />
      </Frame>,
    );
    list(5, [AYSE]);
    act(() => live.receive(SOCKET_EVENTS.requestViewersSnapshot, { lists: [{ requestId: 6, viewers: [AYSE, MEHMET, ZEYNEP] }] }));
    expect(screen.getAllByRole('img', { name: /kişi bakıyor/ }).map((e) => e.getAttribute('aria-label'))).toEqual(['3 kişi bakıyor']);
  });
});

describe('the line in the detail', () => {
  it.each([
    [[AYSE], 'Ayşe Çelik de bu talebe bakıyor'],
    [[AYSE, MEHMET], 'Ayşe Çelik ve Mehmet Kaya da bu talebe bakıyor'],
    [[AYSE, SELF, ZEYNEP], 'Ayşe Çelik ve Zeynep Öztürk de bu talebe bakıyor'],
    [[AYSE, MEHMET, ZEYNEP], 'Ayşe Çelik ve 2 kişi daha bu talebe bakıyor'],
  ])('names the others in natural Turkish (%#)', (viewers, sentence) => {
    render(
      <Frame>
        <RequestViewersLine requestId={9} />
      </Frame>,
    );
    list(9, viewers);
    expect(screen.getByRole('status')).toHaveTextContent(sentence);
  });

  it('says nothing while only the signed-in user looks', () => {
    render(
      <Frame>
        <RequestViewersLine requestId={9} />
      </Frame>,
    );
    list(9, [SELF]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('announcing the open detail', () => {
  it('says the request is open, says it again after a reconnect (not after a gap), and says it closed', () => {
    const { rerender, unmount } = render(<Detail requestId={null} />);
    expect(live.emitted).toEqual([]);
    rerender(<Detail requestId={12} />);
    expect(live.emitted).toEqual([[SOCKET_EVENTS.requestViewing, { requestId: 12 }]]);
    act(() => live.receive('live:resync', { reason: 'gap' }));
    act(() => live.receive('live:resync', { reason: 'reconnect' }));
    expect(live.emitted).toHaveLength(2);
    rerender(<Detail requestId={13} />);
    expect(live.emitted.slice(2)).toEqual([
      [SOCKET_EVENTS.requestLeft, { requestId: 12 }],
      [SOCKET_EVENTS.requestViewing, { requestId: 13 }],
    ]);
    unmount();
    expect(live.emitted.at(-1)).toEqual([SOCKET_EVENTS.requestLeft, { requestId: 13 }]);
  });
});
