import { AUDIT_CATEGORY_LABELS, AUDIT_SEVERITY_LABELS, type AuditCategory, type AuditSeverity } from '@common/enums';
import { Badge, type BadgeTone } from '@web/components/ui';

const SEVERITY_TONE: Record<AuditSeverity, BadgeTone> = { low: 'default', medium: 'info', high: 'warning', critical: 'danger' };

export function SeverityBadge({ severity }: { severity: AuditSeverity }) {
  return (
    <Badge tone={SEVERITY_TONE[severity]} dot>
      {AUDIT_SEVERITY_LABELS[severity]}
    </Badge>
  );
}

export function CategoryLabel({ category }: { category: AuditCategory }) {
  return <span>{AUDIT_CATEGORY_LABELS[category]}</span>;
}
