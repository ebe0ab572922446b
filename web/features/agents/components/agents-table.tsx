import type { Agent } from '@common/schemas/agents';
import { ActiveBadge, RoleBadge } from '@web/components/user-badges';
import { Card, CardHeader, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { formatMoney, formatNumber } from '@web/lib/format';
import { lastActivityText } from './agent-card';
import { AgentStatusBadge, LoadBar, PerformanceValue } from './agent-indicators';

/** The detail table under the cards: every figure of every agent in one view. */
export function AgentsTable({ agents }: { agents: Agent[] }) {
  return (
    <Card>
      <CardHeader title="Agent Detayları" as="h2" />
      <Table label="Agent detayları">
        <TableHead>
          <tr>
            <TableHeaderCell>Agent</TableHeaderCell>
            <TableHeaderCell>Rol</TableHeaderCell>
            <TableHeaderCell>Durum</TableHeaderCell>
            <TableHeaderCell className="min-w-36">Yük</TableHeaderCell>
            <TableHeaderCell>Performans</TableHeaderCell>
            <TableHeaderCell>Tamamlanan</TableHeaderCell>
            <TableHeaderCell>Toplam Tutar</TableHeaderCell>
            <TableHeaderCell>Son Aktivite</TableHeaderCell>
            <TableHeaderCell>Projede</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {agents.map((a) => (
            <TableRow key={a.id} data-testid={`agent-row-${a.username}`}>
              <TableCell>
                <p className="font-medium text-zinc-900 dark:text-zinc-100">{a.fullName}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">@{a.username}</p>
              </TableCell>
              <TableCell>
                <RoleBadge role={a.role} />
              </TableCell>
              <TableCell>
                <AgentStatusBadge status={a.status} />
              </TableCell>
              <TableCell>
                <LoadBar current={a.currentLoad} max={a.maxLoad} projectDefault={a.ownMaxLoad === null} />
              </TableCell>
              <TableCell>
                <PerformanceValue value={a.performance} />
              </TableCell>
              <TableCell className="tabular-nums">{formatNumber(a.totalCompleted)}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatMoney(a.totalAmount)}</TableCell>
              <TableCell className="whitespace-nowrap">{lastActivityText(a.lastActivity)}</TableCell>
              <TableCell>
                <ActiveBadge active={a.isActive} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
