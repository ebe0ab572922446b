import { Link } from 'react-router';
import { ShieldOff } from 'lucide-react';
import { buttonStyles, Card } from '@web/components/ui';
import { paths } from './paths';

export const FORBIDDEN_TEXT = 'Bu sayfayı görüntüleme yetkiniz yok.';

export function ForbiddenPage() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
        <ShieldOff aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Erişim engellendi</h2>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{FORBIDDEN_TEXT}</p>
      <Link to={paths.dashboard} className={buttonStyles('outline', 'md', 'mt-2')}>
        Panele dön
      </Link>
    </Card>
  );
}
