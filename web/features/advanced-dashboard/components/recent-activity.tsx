import { useQuery } from '@tanstack/react-query';
import { REQUEST_EVENT_LABELS } from '@common/schemas/bonus';
import { REQUEST_EVENTS } from '@common/socket-events';
import { Card, CardBody, CardHeader, EmptyState, ErrorState, LoadingState } from '@web/components/ui';
import { formatDateTime } from '@web/lib/format';
import { useLiveInvalidation } from '@web/lib/use-project-socket';
import { useSessionStore } from '@web/stores/session-store';
import { dashboardActivityQuery, dashboardKey } from '../api/dashboard-queries';

/** 'Son etkinlikler': the project's latest request events (§7.6 activity), live. */
export function RecentActivity() {
  const projectId = useSessionStore((s) => s.activeProjectId);
  const activity = useQuery({ ...dashboardActivityQuery(projectId ?? 0, 10), enabled: projectId !== null });
  useLiveInvalidation(REQUEST_EVENTS, projectId === null ? [] : [dashboardKey(projectId)]);
  if (projectId === null) return null;
  return (
    <Card>
      <CardHeader title="Son etkinlikler" description="Taleplerdeki son 10 hareket" />
      <CardBody>
        {activity.isError && activity.data && <ErrorState variant="banner" query={activity} className="mb-3" />}
        {activity.isPending ? (
          <LoadingState />
        ) : !activity.data ? (
          <ErrorState query={activity} />
        ) : activity.data.length === 0 ? (
          <EmptyState title="Henüz etkinlik yok" />
        ) : (
          <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {activity.data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
                <span className="min-w-0 text-zinc-800 dark:text-zinc-200">
                  <span className="font-medium">{e.requestLabel}</span> · {(REQUEST_EVENT_LABELS as Record<string, string>)[e.action] ?? e.action}
                  <span className="text-zinc-500 dark:text-zinc-400"> · {e.actorName ?? 'Sistem'}</span>
                </span>
                <time dateTime={e.at} className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                  {formatDateTime(e.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
