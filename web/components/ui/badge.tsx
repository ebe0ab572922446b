import type { HTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

export type BadgeTone = 'default' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, { box: string; dot: string }> = {
  default: { box: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20', dot: 'bg-zinc-500' },
  success: {
    box: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    dot: 'bg-emerald-500',
  },
  warning: {
    box: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25',
    dot: 'bg-amber-500',
  },
  danger: { box: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25', dot: 'bg-red-500' },
  info: { box: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25', dot: 'bg-sky-500' },
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A small coloured dot before the text (status badges). */
  dot?: boolean;
}

export function Badge({ tone = 'default', dot = false, className, children, ...rest }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tones[tone].box, className)}
      {...rest}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', tones[tone].dot)} />}
      {children}
    </span>
  );
}
