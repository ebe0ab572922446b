import { Badge } from '@web/components/ui';
import { priorityLevel } from '../model/priority';

/** 'Yüksek' / 'Orta' / 'Düşük' with the number, coloured by the spec's thresholds. */
export function PriorityBadge({ priority }: { priority: number }) {
  const level = priorityLevel(priority);
  return (
    <Badge tone={level.tone} title={`Öncelik: ${priority}`}>
      {level.label} · {priority}
    </Badge>
  );
}
