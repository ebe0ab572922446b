import { syncStatusLabel, type SyncStatus } from '@common/enums';
import { Badge, type BadgeTone } from '@web/components/ui';

const TONES: Record<SyncStatus, BadgeTone> = {
  success: 'success',
  partial: 'warning',
  failed: 'danger',
  error: 'danger',
  running: 'info',
  pending: 'default',
};

export function syncStatusTone(status: string): BadgeTone {
  return (TONES as Record<string, BadgeTone>)[status] ?? 'default';
}

/** A sync log status with its Turkish label (spec §4) and colour; anything else is 'Bilinmiyor'. */
export function SyncStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={syncStatusTone(status)} dot>
      {syncStatusLabel(status)}
    </Badge>
  );
}
