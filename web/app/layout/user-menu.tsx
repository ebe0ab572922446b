import { LogOut } from 'lucide-react';
import { ROLE_LABELS } from '@common/enums';
import { Button } from '@web/components/ui';
import { useSignOut } from '@web/features/auth/api/use-sign-out';
import { useSessionStore } from '@web/stores/session-store';

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toLocaleUpperCase('tr-TR');
}

/** Initial avatar, username and Turkish role label, and 'Çıkış Yap'. */
export function UserMenu() {
  const user = useSessionStore((s) => s.user);
  const { signOut, pending } = useSignOut();
  if (!user) return null;
  return (
    <div className="flex shrink-0 items-center gap-2">
      <span
        aria-hidden="true"
        title={user.fullName}
        className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200"
      >
        {initialOf(user.fullName || user.username)}
      </span>
      <div className="flex min-w-0 flex-col leading-tight max-md:sr-only">
        <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="current-username">
          {user.username}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="current-role">
          {ROLE_LABELS[user.role]}
        </span>
      </div>
      <Button variant="outline" size="md" icon={LogOut} loading={pending} onClick={() => void signOut()} aria-label="Çıkış Yap" className="max-sm:w-9 max-sm:px-0">
        <span className="hidden sm:inline">Çıkış Yap</span>
      </Button>
    </div>
  );
}
