import { Eye } from 'lucide-react';
import { viewersCountLabel, viewersSentence } from '@common/schemas/request-viewers';
import { useRequestViewers } from '../model/use-request-viewers';

/** On a card or row: an eye with how many others have the request open (the names on hover). */
export function RequestViewersEye({ requestId }: { requestId: number }) {
  const viewers = useRequestViewers(requestId);
  if (viewers.length === 0) return null;
  const label = viewersCountLabel(viewers.length);
  return (
    <span
      role="img"
      aria-label={label}
      title={`${label}: ${viewers.map((v) => v.fullName).join(', ')}`}
      data-request-viewers={viewers.length}
      className="inline-flex items-center gap-1 text-xs font-medium text-violet-700 tabular-nums dark:text-violet-300"
    >
      <Eye aria-hidden="true" className="size-3.5" />
      {viewers.length}
    </span>
  );
}

/** In the detail: 'Ayşe Çelik de bu talebe bakıyor'. */
export function RequestViewersLine({ requestId }: { requestId: number }) {
  const sentence = viewersSentence(useRequestViewers(requestId).map((v) => v.fullName));
  if (!sentence) return null;
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-violet-800 dark:text-violet-300">
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      {sentence}
    </p>
  );
}
