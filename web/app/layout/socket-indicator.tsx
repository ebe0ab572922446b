import { useProjectSocket } from '@web/lib/use-project-socket';
import { cn } from '@web/lib/cn';

export const SOCKET_LABELS = { connected: 'Bağlı', disconnected: 'Bağlantı Yok' } as const;

/** The real state of the live connection: 'Bağlı' only while the socket is connected. */
export function SocketIndicator() {
  const { connected } = useProjectSocket();
  const label = connected ? SOCKET_LABELS.connected : SOCKET_LABELS.disconnected;
  return (
    <span
      role="status"
      title={connected ? 'Canlı bağlantı kuruldu' : 'Canlı bağlantı yok; veriler otomatik yenilenmiyor'}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium ring-1 ring-inset',
        connected
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25'
          : 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25',
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', connected ? 'bg-emerald-500' : 'bg-red-500')} />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}
