import { Badge } from '@web/components/ui';
import { priorityLook } from '../model/priority';

/** 'Yüksek · 5': the request's priority on the one scale every screen uses. */
export function PriorityBadge({ priority }: { priority: number }) {
  const look = priorityLook(priority);
  return (
    <Badge tone={look.tone} title={`Öncelik: ${look.text}`}>
      {look.text}
    </Badge>
  );
}
