import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';
import { StatePanel } from './state-panel';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing: 'Kullanıcı bulunamadı', 'Kayıt bulunamadı.' */
export function EmptyState({ title, description, icon = Inbox, action, className }: EmptyStateProps) {
  return (
    <StatePanel icon={icon} iconClassName="bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400" textClassName="max-w-sm" title={title} text={description} className={className}>
      {action}
    </StatePanel>
  );
}
