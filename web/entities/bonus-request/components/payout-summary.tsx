import type { ReactNode } from 'react';
import { BONUS_TYPE_LABELS } from '@common/enums';
import type { BonusRequest } from '@common/schemas/bonus';
import { formatMoney } from '@web/lib/format';

/** What is paid to whom: the lines every payout confirmation (complete, approve) shows first. */
export function PayoutSummary({ request, amountTestId, children }: { request: BonusRequest; amountTestId: string; children?: ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-zinc-600 dark:text-zinc-400">Tutar</dt>
      <dd className="font-semibold tabular-nums" data-testid={amountTestId}>
        {formatMoney(request.amount)}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Müşteri</dt>
      <dd>{request.customerUsername ?? request.customerName ?? request.customerId ?? '—'}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Bonus Türü</dt>
      <dd>{BONUS_TYPE_LABELS[request.bonusType]}</dd>
      {children}
    </dl>
  );
}
