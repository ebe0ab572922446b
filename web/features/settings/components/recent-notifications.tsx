import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_EVENT_LABELS, NOTIFICATION_STATUS_LABELS, type NotificationRow } from '@common/schemas/settings';
import { Badge, Card, CardHeader, EmptyState, ErrorState, Spinner, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import type { BadgeTone } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import { useNotifications } from '../api/settings-api';

const STATUS_TONES: Record<NotificationRow['status'], BadgeTone> = { pending: 'warning', sent: 'success', failed: 'danger' };

/** 'Son bildirimler': the project's outbox, newest first. */
export function RecentNotifications({ projectId }: { projectId: number }) {
  const query = useNotifications(projectId);
  return (
    <Card>
      <CardHeader title="Son bildirimler" />
      {query.isError && query.data && <ErrorState variant="banner" query={query} className="mx-4 mb-3" />}
      {query.isPending ? (
        <div role="status" className="flex justify-center p-6">
          <Spinner />
          <span className="sr-only">Bildirimler yükleniyor</span>
        </div>
      ) : !query.data ? (
        <ErrorState query={query} />
      ) : query.data.length === 0 ? (
        <EmptyState title="Henüz bildirim yok" description="Gönderilen e-posta ve SMS bildirimleri burada görünür." />
      ) : (
        <Table label="Son bildirimler">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Zaman</TableHeaderCell>
              <TableHeaderCell>Kanal</TableHeaderCell>
              <TableHeaderCell>Alıcı</TableHeaderCell>
              <TableHeaderCell>Olay</TableHeaderCell>
              <TableHeaderCell>Durum</TableHeaderCell>
              <TableHeaderCell>Hata</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.map((n) => (
              <TableRow key={n.id}>
                <TableCell className="whitespace-nowrap">{formatDateTime(n.createdAt)}</TableCell>
                <TableCell>{NOTIFICATION_CHANNEL_LABELS[n.channel]}</TableCell>
                <TableCell className="break-all">{n.recipient}</TableCell>
                <TableCell>{NOTIFICATION_EVENT_LABELS[n.event]}</TableCell>
                <TableCell>
                  <Badge tone={STATUS_TONES[n.status]} dot>
                    {NOTIFICATION_STATUS_LABELS[n.status]}
                    {n.attempts > 1 ? ` (${n.attempts} deneme)` : ''}
                  </Badge>
                </TableCell>
                <TableCell className="max-w-64 text-xs text-zinc-600 dark:text-zinc-400">{n.lastError ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
