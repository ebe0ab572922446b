import { Badge } from '@web/components/ui';
import { useProjectSocket } from '@web/lib/use-project-socket';

/** 'Canlı' while the project's live connection is up, 'Bağlantı Yok' otherwise (spec §2.5). */
export function LiveBadge() {
  const { connected } = useProjectSocket();
  return (
    <Badge role="status" tone={connected ? 'success' : 'danger'} dot data-testid="live-badge">
      {connected ? 'Canlı' : 'Bağlantı Yok'}
    </Badge>
  );
}
