import type { ReactNode } from 'react';
import { Brand } from '@web/components/layout/brand';
import { ThemeToggle } from '@web/components/layout/theme-toggle';
import { Card } from '@web/components/ui';

/** The frame of the signed-out screens: product mark, one centred card, theme toggle. */
export function AuthLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-linear-to-b from-indigo-100/70 to-transparent dark:from-indigo-500/10"
      />
      <header className="relative flex items-center justify-between px-5 py-4 sm:px-8">
        <Brand />
        <ThemeToggle />
      </header>
      <main id="main-content" className="relative flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:pt-0">
        <Card className="w-full max-w-sm p-6 shadow-lg shadow-zinc-900/5 sm:p-8 dark:shadow-black/30">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
          {description && <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
          <div className="mt-6">{children}</div>
        </Card>
      </main>
      <footer className="relative pb-6 text-center text-xs text-zinc-500 dark:text-zinc-400">Bonus Panel · Bonus talepleri yönetimi</footer>
    </div>
  );
}
