import { REQUEST_STATUS_LABELS, type RequestStatus } from '@common/enums';
import { Badge, type BadgeTone } from '@web/components/ui';

const TONES: Record<RequestStatus, BadgeTone> = {
  new: 'info',
  queued: 'info',
  assigned: 'warning',
  in_progress: 'warning',
  pending_approval: 'warning',
  completed: 'success',
  cancelled: 'default',
  error: 'danger',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
