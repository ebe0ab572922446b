import { useId } from 'react';
import { CircleCheck, CircleX, PartyPopper, TriangleAlert } from 'lucide-react';
import { AGENT_STATUS_LABELS, ROLE_LABELS, ROUTING_CONDITION_TYPE_LABELS } from '@common/enums';
import { ROUTING_MESSAGES, RULE_OUTCOME_LABELS, type CandidateTrace, type RoutingTestResult } from '@common/schemas/routing';
import { Badge } from '@web/components/ui';
import { formatDateTime } from '@web/lib/format';

/** 'Ayşe Çelik (@agent1)'. */
export const userRefText = (user: { fullName: string; username: string }) => `${user.fullName} (@${user.username})`;

/**
 * A test's answer, readable: the match box, each condition passed or failed and why, each
 * candidate agent chosen, eligible or excluded with its reasons; the raw answer folded below.
 */
export function RuleTrace({ result }: { result: RoutingTestResult }) {
  const { trace } = result;
  const id = useId();
  return (
    <div className="flex flex-col gap-4" data-testid="routing-test-result">
      {result.matched && result.targetUser ? (
        <div role="status" className="flex flex-col gap-1 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
          <p className="flex items-start gap-2">
            <PartyPopper aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {ROUTING_MESSAGES.matchPrefix}
              <strong>{userRefText(result.targetUser)}</strong>
            </span>
          </p>
          {/* A paused rule is tested too, but hands nothing out until it is switched on. */}
          {!trace.isActive && <p className="pl-6 text-xs">Kural pasif: etkinleştirilene kadar talep atamaz.</p>}
        </div>
      ) : (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{RULE_OUTCOME_LABELS[trace.outcome]}.</strong> {trace.summary}
          </span>
        </div>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Değerlendirme zamanı: {formatDateTime(result.evaluatedAt)}</p>

      <section aria-labelledby={`${id}-conditions`} className="flex flex-col gap-2">
        <h3 id={`${id}-conditions`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Koşullar
        </h3>
        {trace.conditions.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{ROUTING_MESSAGES.noConditions}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {trace.conditions.map((c) => (
              <li key={c.conditionId} className="flex items-start gap-2 text-sm">
                {c.passed ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                ) : (
                  <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
                )}
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{ROUTING_CONDITION_TYPE_LABELS[c.conditionType]}</span>{' '}
                  <Badge tone={c.passed ? 'success' : 'danger'}>{c.passed ? 'Sağlandı' : 'Sağlanmadı'}</Badge>
                  <span className="block text-zinc-600 dark:text-zinc-400">{c.reason}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${id}-candidates`} className="flex flex-col gap-2">
        <h3 id={`${id}-candidates`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Aday agentler
        </h3>
        {trace.candidates.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Aday yok.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {trace.candidates.map((c) => (
              <CandidateRow key={c.userId} candidate={c} />
            ))}
          </ul>
        )}
      </section>

      <details className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium text-zinc-700 select-none dark:text-zinc-300">Ham sonuç</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-zinc-100 p-2 text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">{JSON.stringify(result, null, 2)}</pre>
      </details>
    </div>
  );
}

function CandidateRow({ candidate: c }: { candidate: CandidateTrace }) {
  const verdict = c.chosen ? (
    <Badge tone="success">Seçildi</Badge>
  ) : c.eligible ? (
    <Badge tone="info">Uygun</Badge>
  ) : (
    <Badge tone="danger">Uygun değil</Badge>
  );
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid={`candidate-${c.username}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{c.fullName}</span> <span className="text-zinc-500 dark:text-zinc-400">@{c.username}</span>
        </span>
        {verdict}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {ROLE_LABELS[c.role]} · {AGENT_STATUS_LABELS[c.status]} · Yük {c.currentLoad}/{c.maxLoad}
        {!c.eligible && c.reasons.length > 0 && <span className="text-red-700 dark:text-red-300"> · Neden: {c.reasons.join(', ')}</span>}
      </p>
    </li>
  );
}
