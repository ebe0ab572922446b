import { APPROVAL_FIGURE_LABELS as L, type ApprovalFigures } from '@common/analytics';
import type { FilePart } from './file-writers';
import { rollupPart, type RollupPart } from './rollup-statement';

interface ApprovalJson {
  approved: number;
  rejected: number;
  waiting: number;
  median: number | null;
}

/**
 * Four eyes over a range of the project's local days (common/analytics.ts): decisions are few, so
 * they are read from the requests themselves, each through its own small partial index —
 * approvals given by bonus_requests_approved_idx (project_id, approved_at), rejections by
 * bonus_request_events_rejected_idx, what waits now by bonus_requests_pending_approval_idx. The
 * days' bounds are the project's midnights in its time zone (project_settings, as the roll-ups').
 */
const APPROVALS_SQL = `
  with b as (
    select ($2::date)::timestamp at time zone z.tz as lo, ($3::date + 1)::timestamp at time zone z.tz as hi
    from (select coalesce((select timezone from project_settings where project_id = $1), 'Europe/Istanbul') as tz) z
  ),
  a as (
    select floor(extract(epoch from (r.approved_at - r.approval_requested_at)) / 60)::int as minutes
    from bonus_requests r, b
    where r.project_id = $1 and r.approved_at >= b.lo and r.approved_at < b.hi
  )
  select json_build_object(
    'approved', (select count(*)::int from a),
    'median', (select percentile_disc(0.5) within group (order by minutes) from a where minutes is not null),
    'rejected', (select count(*)::int from bonus_request_events e, b
                 where e.project_id = $1 and e.type = 'rejected' and e.created_at >= b.lo and e.created_at < b.hi),
    'waiting', (select count(*)::int from bonus_requests where project_id = $1 and status = 'pending_approval'))`;

/** The approval figures as one part of a roll-up statement (see readRollups). */
export const approvalFiguresPart: RollupPart<ApprovalFigures> = rollupPart(APPROVALS_SQL, (json) => {
  const f = json as ApprovalJson;
  return { approved: Number(f.approved), rejected: Number(f.rejected), waiting: Number(f.waiting), medianApprovalMinutes: f.median === null ? null : Number(f.median) };
});

/** The export's sheet (a block in CSV): one row whose cells are numbers (counts, and minutes; empty when none). */
export function approvalsFilePart(figures: ApprovalFigures): FilePart {
  return {
    name: L.title,
    columns: [
      { key: 'approved', label: L.approved, kind: 'int' },
      { key: 'rejected', label: L.rejected, kind: 'int' },
      { key: 'waiting', label: `${L.waiting} (${L.waitingHint.toLocaleLowerCase('tr-TR')})`, kind: 'int' },
      { key: 'medianApprovalMinutes', label: L.medianApprovalMinutesColumn, kind: 'minutes' },
    ],
    rows: [[{ ...figures }]],
  };
}
