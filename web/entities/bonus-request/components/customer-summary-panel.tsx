import { useQuery } from '@tanstack/react-query';
import { BONUS_TYPE_LABELS, REQUEST_STATUS_LABELS } from '@common/enums';
import type { BonusRequest } from '@common/schemas/bonus';
import { CUSTOMER_SUMMARY_TEXTS as T, type CustomerSummary } from '@common/schemas/customer-summary';
import { TERMS } from '@common/terms';
import { ErrorState, LoadingState } from '@web/components/ui';
import { formatDate, formatMoney } from '@web/lib/format';
import { customerOf, customerSummaryQuery } from '../api/request-queries';
import { requestTitle } from '../model/request-texts';
import { RequestStatusBadge } from './request-status-badge';

type Limit = NonNullable<CustomerSummary['limits']['daily']>;

function LimitLine({ label, limit }: { label: string; limit: Limit }) {
  const out = Number(limit.left) <= 0;
  return (
    <p className={out ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
      {label}: <span className="tabular-nums">{formatMoney(limit.left)}</span>
      <span className="text-zinc-500 dark:text-zinc-400"> / {formatMoney(limit.limit)}</span>
    </p>
  );
}

function OpenLine({ open }: { open: CustomerSummary['open'] }) {
  const parts = [
    [TERMS.waiting, open.waiting],
    [REQUEST_STATUS_LABELS.in_progress, open.inProgress],
    [TERMS.approvals, open.pendingApproval],
  ] as const;
  const shown = parts.filter(([, part]) => part.count > 0);
  if (shown.length === 0) return null;
  return (
    <p>
      {T.open}: {shown.map(([label, part]) => `${label} ${part.count} (${formatMoney(part.amount)})`).join(' · ')}
    </p>
  );
}

/**
 * What the agent should know of the customer before paying (GET …/customers/summary): what they
 * were paid in the last 30 days, what is still open for them, what is left of the project's
 * limits, and their last requests; refreshed by every request event of the project (its key is
 * under the project's requests). `onOpen` opens another of their requests.
 */
export function CustomerSummaryPanel({
  request,
  onOpen,
}: {
  request: Pick<BonusRequest, 'id' | 'projectId' | 'customerId' | 'customerUsername'>;
  onOpen?: (requestId: number) => void;
}) {
  const customer = customerOf(request);
  const summary = useQuery({ ...customerSummaryQuery(request.projectId, customer ?? { customerId: '' }), enabled: customer !== null });
  if (customer === null) return null;
  const others = summary.data?.recent.filter((r) => r.id !== request.id) ?? [];
  return (
    <section aria-labelledby={`customer-summary-${request.id}`} data-testid="customer-summary" className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <h3 id={`customer-summary-${request.id}`} className="mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {T.title}
      </h3>
      {summary.isPending ? (
        <LoadingState text={T.loading} className="justify-start py-2" />
      ) : !summary.data ? (
        <ErrorState title={T.failed} query={summary} className="py-3" />
      ) : (
        <div className="flex flex-col gap-1.5 text-zinc-800 dark:text-zinc-200">
          {summary.isError && <ErrorState variant="banner" query={summary} />}
          <p className="font-medium" data-testid="customer-paid">
            {T.paid(summary.data.last30Days.count, formatMoney(summary.data.last30Days.amount))}
          </p>
          <OpenLine open={summary.data.open} />
          {summary.data.limits.daily && <LimitLine label={T.dailyLeft} limit={summary.data.limits.daily} />}
          {summary.data.limits.monthly && <LimitLine label={T.monthlyLeft} limit={summary.data.limits.monthly} />}
          {others.length === 0 ? (
            <p className="text-zinc-600 dark:text-zinc-400">
              <span className="font-medium text-emerald-700 dark:text-emerald-400">{T.first}</span> · {T.firstHint}
            </p>
          ) : (
            <ul aria-label={T.recent} className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-800">
              {others.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 py-1 text-xs">
                  {onOpen ? (
                    <button type="button" className="font-medium underline underline-offset-2 hover:no-underline" onClick={() => onOpen(r.id)}>
                      {requestTitle(r)}
                    </button>
                  ) : (
                    <span className="font-medium">{requestTitle(r)}</span>
                  )}
                  <span>{BONUS_TYPE_LABELS[r.bonusType]}</span>
                  <span className="tabular-nums">{formatMoney(r.amount)}</span>
                  <RequestStatusBadge status={r.status} />
                  <span className="text-zinc-500 dark:text-zinc-400">{formatDate(r.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
