import { Construction } from 'lucide-react';
import { Card } from '@web/components/ui';

/** The honest stand-in for a screen whose feature work has not landed yet. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-300">
        <Construction aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">Bu ekran henüz hazırlanıyor.</p>
    </Card>
  );
}
