import { Link } from 'react-router';
import { paths } from '@web/app/paths';
import { buttonStyles, Card, CardHeader } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';
import { useSyncPermissions } from '../api/sync-api';
import { SyncLogTable } from './sync-log-table';

/**
 * The dashboard's sync log list (spec §2.4) as a panel for the dashboard's `panels` slot: the
 * active project's latest jobs, live. Nothing for users the server does not let read them.
 */
export function SyncLogPanel() {
  const projectId = useSessionStore((s) => s.activeProjectId);
  const { canRead } = useSyncPermissions(projectId);
  if (projectId === null || !canRead) return null;
  return (
    <Card>
      <CardHeader
        title="Bridge Senkronizasyon Kayıtları"
        description="Son senkronizasyonlar"
        actions={
          <Link to={paths.bridgeSync} className={buttonStyles('ghost', 'sm')}>
            Tümünü Gör
          </Link>
        }
      />
      <SyncLogTable projectId={projectId} />
    </Card>
  );
}
