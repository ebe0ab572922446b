import { AUDIT_PERSON_KEYS, auditActionLabel, auditResourceText, changesSchema } from '@common/audit-catalogue';
import { ROLE_LABELS, type Role } from '@common/enums';
import { requeueReasonText } from '@common/request-transitions';
import type { AuditLog } from '@common/schemas/audit';
import { Dialog, ErrorState, LoadingState, TechnicalDetails } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';
import { useAuditLog } from '../api/audit-api';
import { CategoryLabel, SeverityBadge } from './audit-badges';

/** Turkish names of the detail keys the server writes; anything else shows as written. */
const DETAIL_LABELS: Record<string, string> = {
  reason: 'Neden',
  username: 'Kullanıcı adı',
  fullName: 'Ad soyad',
  email: 'E-posta',
  role: 'Rol',
  isActive: 'Aktif',
  projectIds: 'Projeler',
  projectsAdded: 'Eklenen projeler',
  projectsRemoved: 'Çıkarılan projeler',
  previousManualStatus: 'Önceki elle durum',
  manualStatus: 'Elle durum',
  sessionsEnded: 'Kapanan oturum',
  code: 'Proje kodu',
  name: 'Ad',
  baseUrl: 'Base URL',
  dbType: 'Veritabanı türü',
  dbHost: 'Veritabanı host',
  dbPort: 'Port',
  dbName: 'Veritabanı adı',
  dbUser: 'Veritabanı kullanıcısı',
  credentialSet: 'Veritabanı şifresi girildi',
  credentialChanged: 'Veritabanı şifresi değişti',
  generatedPassword: 'Tek kullanımlık şifre üretildi',
  maxLoad: 'Kapasite',
  reasonCode: 'Neden kodu',
  note: 'Not',
  assignee: 'Üzerindeki kişi',
  previousAssignee: 'Önceki kişi',
  askedBy: 'Onaya gönderen',
  notes: 'Tamamlama notu',
  undoes: 'Geri alınan kayıt',
  assignedBy: 'Atayan',
  agentId: 'Agent',
};
const label = (key: string) => DETAIL_LABELS[key] ?? key;

/** A detail's value in words: a person by name, a re-queue reason translated, the rest as written. */
function showDetail(key: string, value: unknown, row: AuditLog): string {
  if ((AUDIT_PERSON_KEYS as readonly string[]).includes(key) && typeof value === 'number') return row.people?.[String(value)] ?? `#${value}`;
  if (key === 'reason' && typeof value === 'string' && row.action === 'REQUEUE_BONUS_REQUEST') return requeueReasonText(value);
  if (key === 'role' && typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value)) return ROLE_LABELS[value as Role];
  return show(value);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The before/after of changed fields, in the catalogue's shape. */
const changesOf = (value: unknown) => changesSchema.safeParse(value).data;

/** One audit row in full (GET …/audit-logs/:id): who, what, where, and the before/after of changed fields. */
export function AuditDetailDialog({ projectId, log, onClose }: { projectId: number; log: AuditLog | null; onClose: () => void }) {
  const detail = useAuditLog(projectId, log?.id ?? null);
  const row = detail.data ?? log;
  return (
    <Dialog open={log !== null} onClose={onClose} title="Log Detayı" description={row ? `${auditActionLabel(row.action)} · ${formatDateTimeWithYear(row.timestamp)}` : undefined} size="lg">
      {detail.isError ? (
        <ErrorState error={detail.error} />
      ) : !row ? (
        <LoadingState text="Yükleniyor..." />
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
            <dt className="text-zinc-500">Kullanıcı</dt>
            <dd>{row.username ?? '—'}</dd>
            <dt className="text-zinc-500">İşlem</dt>
            <dd>{auditActionLabel(row.action)}</dd>
            <dt className="text-zinc-500">Kaynak</dt>
            <dd className="[overflow-wrap:anywhere]">{auditResourceText(row.resource, row.resourceId, row.resourceName)}</dd>
            <dt className="text-zinc-500">Önem</dt>
            <dd>
              <SeverityBadge severity={row.severity} />
            </dd>
            <dt className="text-zinc-500">Kategori</dt>
            <dd>
              <CategoryLabel category={row.category} />
            </dd>
            <dt className="text-zinc-500">IP Adresi</dt>
            <dd className="font-mono text-xs">{row.ipAddress ?? '—'}</dd>
          </dl>
          {Object.entries(row.details).length > 0 && (
            <div>
              <h3 className="mb-2 font-semibold text-zinc-900 dark:text-zinc-100">Detaylar</h3>
              <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-2">
                {Object.entries(row.details).map(([key, value]) => {
                  const changes = key === 'changes' ? changesOf(value) : undefined;
                  return changes ? (
                    Object.entries(changes).map(([field, change]) => (
                      <div key={field} className="contents">
                        <dt className="text-zinc-500">{label(field)}</dt>
                        <dd>
                          <span className="text-red-600 line-through decoration-red-300 dark:text-red-400">{show(change.before)}</span>
                          {' → '}
                          <span className="text-emerald-700 dark:text-emerald-400">{show(change.after)}</span>
                        </dd>
                      </div>
                    ))
                  ) : (
                    <div key={key} className="contents">
                      <dt className="text-zinc-500">{label(key)}</dt>
                      <dd className="break-all">{showDetail(key, value, row)}</dd>
                    </div>
                  );
                })}
              </dl>
            </div>
          )}
          <TechnicalDetails
            rows={[
              ['Log No', `#${row.id}`],
              ['İşlem kodu', row.action],
              ['Kaynak türü', row.resource],
              ['Kaynak No', row.resourceId],
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}
