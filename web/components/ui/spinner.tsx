import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

/** A turning circle. Decorative: pair it with text (LoadingState does). */
export function Spinner({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin text-current', sizes[size], className)} />;
}

/** A spinner with its loading text ('Yükleniyor...'), announced to screen readers. */
export function LoadingState({ text = 'Yükleniyor...', className }: { text?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-3 py-10 text-sm text-zinc-500 dark:text-zinc-400', className)}>
      <Spinner className="text-indigo-500" />
      <span>{text}</span>
    </div>
  );
}
