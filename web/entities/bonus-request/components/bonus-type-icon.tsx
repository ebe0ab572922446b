import { Banknote, Gift, Star, type LucideIcon } from 'lucide-react';
import { BONUS_TYPE_LABELS, type BonusType } from '@common/enums';
import { cn } from '@web/lib/cn';

const ICONS: Record<BonusType, { icon: LucideIcon; tone: string }> = {
  cashback: { icon: Banknote, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300' },
  points: { icon: Star, tone: 'bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300' },
  other: { icon: Gift, tone: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300' },
};

/** The bonus type as an icon, named for screen readers and on hover. */
export function BonusTypeIcon({ type, className }: { type: BonusType; className?: string }) {
  const { icon: Icon, tone } = ICONS[type];
  return (
    <span role="img" aria-label={BONUS_TYPE_LABELS[type]} title={BONUS_TYPE_LABELS[type]} className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tone, className)}>
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
