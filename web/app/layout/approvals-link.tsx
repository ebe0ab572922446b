import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { TERMS } from '@common/terms';
import { focusRing } from '@web/components/ui';
import { requestStatsQuery } from '@web/entities/bonus-request';
import { cn } from '@web/lib/cn';
import { formatNumber } from '@web/lib/format';
import { useProjectAction } from '@web/stores/abilities';
import { useActiveProject } from '@web/stores/session-store';

/**
 * Four eyes: 'Onay Bekleyen' with the live count of the project's completions waiting for a
 * second person, for those who may approve them; it opens the request list filtered to them.
 */
export function ApprovalsLink({ onNavigate }: { onNavigate?: () => void }) {
  const project = useActiveProject();
  const projectId = project?.id ?? null;
  const may = useProjectAction(projectId, 'approveRequests');
  const stats = useQuery({ ...requestStatsQuery(projectId ?? 0), enabled: may && projectId !== null });
  const location = useLocation();
  if (!may || projectId === null) return null;
  const count = stats.data?.approval;
  const active = location.pathname === '/bonus' && new URLSearchParams(location.search).get('status') === 'approval';
  return (
    <li>
      <Link
        to="/bonus?status=approval"
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          focusRing,
          active
            ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
            : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100',
        )}
      >
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{TERMS.approvals}</span>
        {count !== undefined && count > 0 && (
          <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums dark:bg-amber-500/20 dark:text-amber-100" data-testid="approvals-count" aria-label={`${formatNumber(count)} talep onay bekliyor`}>
            {formatNumber(count)}
          </span>
        )}
      </Link>
    </li>
  );
}
