import { Eye } from 'lucide-react';
import { auditActionLabel, auditResourceText } from '@common/audit-catalogue';
import type { AuditLog } from '@common/schemas/audit';
import { Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';
import { CategoryLabel, SeverityBadge } from './audit-badges';

export function AuditTable({ logs, onOpen }: { logs: AuditLog[]; onOpen: (log: AuditLog) => void }) {
  return (
    <Table label="Audit logları">
      <TableHead>
        <tr>
          <TableHeaderCell>Zaman</TableHeaderCell>
          <TableHeaderCell>Kullanıcı</TableHeaderCell>
          <TableHeaderCell>İşlem</TableHeaderCell>
          <TableHeaderCell>Kaynak</TableHeaderCell>
          <TableHeaderCell>Önem</TableHeaderCell>
          <TableHeaderCell>Kategori</TableHeaderCell>
          <TableHeaderCell>IP Adresi</TableHeaderCell>
          <TableHeaderCell className="text-right">
            <span className="sr-only">Detay</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {logs.map((log) => (
          <TableRow key={log.id}>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDateTimeWithYear(log.timestamp)}</TableCell>
            <TableCell>{log.username ?? '—'}</TableCell>
            <TableCell title={log.action}>{auditActionLabel(log.action)}</TableCell>
            <TableCell className="[overflow-wrap:anywhere]">
              {auditResourceText(log.resource, log.resourceId, log.resourceName)}
            </TableCell>
            <TableCell>
              <SeverityBadge severity={log.severity} />
            </TableCell>
            <TableCell>
              <CategoryLabel category={log.category} />
            </TableCell>
            <TableCell className="font-mono text-xs">{log.ipAddress ?? '—'}</TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" icon={Eye} onClick={() => onOpen(log)} aria-label={`Detay: ${auditActionLabel(log.action)}, ${formatDateTimeWithYear(log.timestamp)}`}>
                Detay
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
