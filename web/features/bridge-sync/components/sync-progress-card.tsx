import type { SyncProgress } from '@common/schemas/bridge-sync';
import { Card, CardBody } from '@web/components/ui';
import { SyncProgressBar } from './sync-progress-bar';

/** The running job's live progress (socket 'sync-progress'); nothing when no job runs. */
export function SyncProgressCard({ progress }: { progress: SyncProgress | null | undefined }) {
  if (!progress) return null;
  return (
    <Card aria-live="polite">
      <CardBody>
        <SyncProgressBar progress={progress} />
      </CardBody>
    </Card>
  );
}
