import { CheckCircle2, CircleX, Hourglass, ShieldCheck, Timer } from 'lucide-react';
import { APPROVAL_FIGURE_LABELS as L, type ApprovalFigures } from '@common/analytics';
import { formatDuration } from '@common/duration';
import { Card, CardBody, CardHeader, EmptyState, ErrorState, StatCard } from '@web/components/ui';
import { formatNumber } from '@web/lib/format';

export interface ApprovalTilesProps {
  /** The figures of the period; undefined while they load. */
  figures: ApprovalFigures | undefined;
  /** A failed load: shown with 'Tekrar Dene' instead of the tiles. */
  error?: unknown;
  onRetry?: () => void;
  /** Which days the decisions cover, e.g. 'Son 30 gün'. */
  period?: string;
}

/**
 * Four eyes at a glance (reports and the advanced dashboard): approvals and rejections given in the
 * period, what waits for approval now, and the median time to approve — the same duration format as the
 * processing times beside it. Shared by both screens, which may not import each other.
 */
export function ApprovalTiles({ figures, error, onRetry, period }: ApprovalTilesProps) {
  const empty = figures !== undefined && figures.approved === 0 && figures.rejected === 0 && figures.waiting === 0;
  return (
    <Card aria-busy={(!figures && !error) || undefined}>
      <CardHeader title={L.title} description={period} />
      <CardBody>
        {error ? (
          <ErrorState title={L.loadFailed} error={error} onRetry={onRetry} />
        ) : empty ? (
          <EmptyState icon={ShieldCheck} title={L.empty} description={L.emptyHint} />
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label={L.approved} value={figures && formatNumber(figures.approved)} icon={CheckCircle2} tone="success" loading={!figures} />
            <StatCard label={L.rejected} value={figures && formatNumber(figures.rejected)} icon={CircleX} tone="danger" loading={!figures} />
            <StatCard label={L.waiting} value={figures && formatNumber(figures.waiting)} hint={L.waitingHint} icon={Hourglass} tone="warning" loading={!figures} />
            <StatCard
              label={L.medianApprovalMinutes}
              value={figures && (figures.medianApprovalMinutes === null ? null : formatDuration(figures.medianApprovalMinutes))}
              icon={Timer}
              loading={!figures}
            />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
