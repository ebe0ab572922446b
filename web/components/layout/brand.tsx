import { Gem } from 'lucide-react';
import { useAppName } from '@web/lib/app-name';
import { cn } from '@web/lib/cn';

/** The product mark and the application's name (system settings). */
export function Brand({ className }: { className?: string }) {
  const appName = useAppName();
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <Gem aria-hidden="true" className="size-4.5" />
      </span>
      <span className="text-base font-semibold tracking-tight text-zinc-900 dark:text-zinc-50" data-testid="app-name">
        {appName}
      </span>
    </span>
  );
}
