import { useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQueries } from '@tanstack/react-query';
import { FRESHNESS, KANBAN } from '@common/constants';
import type { RequestStatusGroup, ViewedRequest } from '@common/schemas/bonus';
import { ErrorState, focusRing, LoadingState } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { KANBAN_ACTION_TEXTS, RequestDetailDialog, requestListQuery, requestTitle, useRequestActions } from '@web/entities/bonus-request';
import { notify } from '@web/lib/notify';
import { decideDrop, KANBAN_COLUMN_LIMIT, KANBAN_COLUMNS, kanbanKeyboardCoordinates, optimisticMove } from '../model/kanban-columns';

import { KanbanCard, KanbanCardOverlay } from './kanban-card';
import { KanbanColumn } from './kanban-column';
import { focusableWhenScrollable } from '@web/lib/focusable-when-scrollable';

type DragData = { column: RequestStatusGroup; request: ViewedRequest };
type PendingMove = { from: RequestStatusGroup; to: RequestStatusGroup; request: ViewedRequest };

const columnTitle = (id: unknown) => KANBAN_COLUMNS.find((c) => c.key === id)?.title ?? String(id);
const cardTitle = (data: unknown) => ((data as DragData | undefined)?.request ? requestTitle((data as DragData).request) : 'Kart');

const announcements: Announcements = {
  onDragStart: ({ active }) => `${cardTitle(active.data.current)} tutuldu.`,
  onDragOver: ({ active, over }) =>
    over ? `${cardTitle(active.data.current)} ${columnTitle(over.id)} kolonunun üzerinde.` : `${cardTitle(active.data.current)} bir kolonun üzerinde değil.`,
  onDragEnd: ({ active, over }) =>
    over ? `${cardTitle(active.data.current)} ${columnTitle(over.id)} kolonuna bırakıldı.` : `${cardTitle(active.data.current)} bırakıldı.`,
  onDragCancel: ({ active }) => `${cardTitle(active.data.current)} taşıması iptal edildi.`,
};
const instructions = {
  draggable:
    'Kartı taşımak için boşluk veya Enter tuşuna basın. Ok tuşlarıyla taşıyın; bırakmak için yeniden boşluk veya Enter, vazgeçmek için Escape tuşuna basın.',
};

/**
 * The kanban view (spec §2.4) with working drag and drop. An accepted drop shows the card
 * in its new column at once and calls the server; if the server refuses, the card goes back
 * and a toast says why. Refused moves never reach the server.
 */
export function KanbanBoard({ projectId, caller }: { projectId: number; caller: { id: number; fullName: string } }) {
  const actions = useRequestActions(projectId, KANBAN_ACTION_TEXTS);
  const [moves, setMoves] = useState<Record<number, PendingMove>>({});
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: KANBAN.activationDistancePx } }),
    useSensor(KeyboardSensor, { coordinateGetter: kanbanKeyboardCoordinates }),
  );
  const queries = useQueries({
    queries: KANBAN_COLUMNS.map((c) => requestListQuery(projectId, { status: c.key, limit: KANBAN_COLUMN_LIMIT }, FRESHNESS.boardRequests)),
  });

  const retryAll = () => queries.forEach((q) => q.isError && void q.refetch());
  const retrying = queries.some((q) => q.isFetching);
  const failed = queries.find((q) => q.isError && !q.data);
  if (failed) return <ErrorState title="Bonus talepleri yüklenemedi" error={failed.error} onRetry={retryAll} retrying={retrying} />;
  if (queries.some((q) => q.isPending)) return <LoadingState text="Kanban board yükleniyor..." />;
  // Columns on screen whose refetch failed stay, marked as possibly stale.
  const stale = queries.find((q) => q.isError);

  const pending = Object.values(moves);
  const columns = KANBAN_COLUMNS.map((column, i) => {
    const data = queries[i]!.data!;
    const movedIn = pending.filter((m) => m.to === column.key);
    const movedOut = pending.filter((m) => m.from === column.key);
    const items = [...movedIn.map((m) => m.request), ...data.items.filter((r) => !moves[r.id])];
    return { ...column, items, count: data.total + movedIn.length - movedOut.length };
  });

  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current as DragData) ?? null);
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    const to = (over?.id as RequestStatusGroup | undefined) ?? null;
    const decision = decideDrop(data.column, to, data.request);
    if (decision.kind === 'none') return;
    if (decision.kind === 'refused') {
      notify.warning(decision.title, decision.description);
      return;
    }
    const id = data.request.id;
    setMoves((m) => ({ ...m, [id]: { from: data.column, to: to!, request: optimisticMove(data.request, to!, caller) } }));
    // The action resolves once the server answered and the columns were reloaded; a refused
    // or enqueued claim then shows the card where the server has it.
    await (decision.kind === 'assign' ? actions.claim(data.request) : actions.complete(data.request));
    setMoves(({ [id]: _done, ...rest }) => rest);
  };

  return (
    <>
      {stale && <ErrorState variant="banner" error={stale.error} onRetry={retryAll} retrying={retrying} className="mb-3" />}
      <DndContext
        sensors={sensors}
        collisionDetection={rectIntersection}
        onDragStart={onDragStart}
        onDragEnd={(event) => void onDragEnd(event)}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
      >
        <div ref={focusableWhenScrollable} className={cn('flex gap-3 overflow-x-auto pb-2', focusRing)}>
          {columns.map((column) => (
            <KanbanColumn key={column.key} id={column.key} title={column.title} count={column.count}>
              {column.items.length === 0 ? (
                <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">Bu kolonda kayıt yok.</p>
              ) : (
                <ul className="-mr-1 flex max-h-[70vh] flex-col gap-2 overflow-y-auto pr-1">
                  {column.items.map((request) => (
                    <KanbanCard key={request.id} request={request} column={column.key} actions={actions} onDetail={(r) => setDetailId(r.id)} />
                  ))}
                </ul>
              )}
            </KanbanColumn>
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging && <KanbanCardOverlay request={dragging.request} column={dragging.column} actions={actions} onDetail={() => undefined} />}
        </DragOverlay>
      </DndContext>
      <RequestDetailDialog projectId={projectId} requestId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
