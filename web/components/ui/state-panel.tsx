import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** The centred icon, title, text and action of a list with nothing to show: empty (EmptyState) or failed (ErrorState). */
export function StatePanel({
  icon: Icon,
  iconClassName,
  textClassName,
  title,
  text,
  role,
  className,
  children,
}: {
  icon: LucideIcon;
  /** The round icon's colours. */
  iconClassName: string;
  /** The width of the title and text. */
  textClassName: string;
  title: string;
  text?: ReactNode;
  role?: 'alert';
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role={role} className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      <div className={cn('flex size-12 items-center justify-center rounded-full', iconClassName)}>
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <div className={textClassName}>
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
        {text && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{text}</p>}
      </div>
      {children}
    </div>
  );
}
