import { ArrowRight } from 'lucide-react';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@common/enums';
import type { RequestEvent } from '@common/schemas/bonus';
import { formatDateTimeWithYear } from '@web/lib/format';
import { eventLabel, requeueReasonLabel } from '../model/request-texts';

const statusLabel = (s: string | null) => (s ? (REQUEST_STATUS_LABELS[s as RequestStatus] ?? s) : null);

/** The request's history, oldest first: what happened, who did it, when, and the status move. */
export function RequestTimeline({ events }: { events: RequestEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Kayıtlı hareket yok.</p>;
  return (
    <ol aria-label="Talep geçmişi" className="relative ml-2 border-l border-zinc-200 dark:border-zinc-700">
      {events.map((event) => (
        <li key={event.id} className="mb-4 ml-4 last:mb-0">
          <span aria-hidden="true" className="absolute -left-1.5 mt-1.5 size-3 rounded-full border-2 border-white bg-indigo-500 dark:border-zinc-900" />
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{eventLabel(event.type)}</span>
            <time dateTime={event.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400">
              {formatDateTimeWithYear(event.createdAt)}
            </time>
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {event.actorName ?? 'Sistem'}
            {event.toStatus && (
              <span className="ml-2 inline-flex items-center gap-1">
                {statusLabel(event.fromStatus) ?? '—'}
                <ArrowRight aria-label="durumundan" className="size-3" />
                {statusLabel(event.toStatus)}
              </span>
            )}
          </p>
          {event.reason && <p className="mt-0.5 text-xs text-zinc-500 italic dark:text-zinc-400">{requeueReasonLabel(event.reason)}</p>}
        </li>
      ))}
    </ol>
  );
}
