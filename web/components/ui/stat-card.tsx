import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { Card } from './card';

export const MISSING_VALUE = 'N/A';
export const MISSING_VALUE_HINT = 'Veri bulunamadı';

const iconTones = {
  default: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
  info: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300',
  success: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300',
  danger: 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300',
} as const;

export interface StatCardProps {
  label: string;
  /** The figure, already formatted. null/undefined shows 'N/A' with 'Veri bulunamadı' (spec §2.8). */
  value: ReactNode | null | undefined;
  hint?: ReactNode;
  icon?: LucideIcon;
  tone?: keyof typeof iconTones;
  loading?: boolean;
  className?: string;
}

export function StatCard({ label, value, hint, icon: Icon, tone = 'info', loading, className }: StatCardProps) {
  const missing = value === null || value === undefined || value === '';
  return (
    <Card className={cn('p-5', className)} aria-busy={loading || undefined}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
        {Icon && (
          <span className={cn('flex size-9 items-center justify-center rounded-lg', iconTones[tone])}>
            <Icon aria-hidden="true" className="size-4.5" />
          </span>
        )}
      </div>
      {loading ? (
        <div className="mt-3 h-8 w-24 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
      ) : (
        <p className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">{missing ? MISSING_VALUE : value}</p>
      )}
      {(missing && !loading) || hint ? (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{missing && !loading ? MISSING_VALUE_HINT : hint}</p>
      ) : null}
    </Card>
  );
}
