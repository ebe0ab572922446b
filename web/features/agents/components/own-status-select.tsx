import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from '@common/enums';
import { WORKER_ROLES } from '@common/schemas/agents';
import { Select } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';
import { fetchOwnStatus, OWN_STATUS_KEY, setOwnStatus, type OwnStatus } from '../api/own-presence';

/** 'online' means automatic: the status then follows the connection, activity and load. */
const OPTIONS = AGENT_STATUSES.map((status) => ({
  value: status,
  label: status === 'online' ? `${AGENT_STATUS_LABELS.online} (otomatik)` : AGENT_STATUS_LABELS[status],
}));

/** 'Durumum': the own-status choice of people who work requests (agents and operators). */
export function OwnStatusSelect({ className, hideLabel = true }: { className?: string; hideLabel?: boolean }) {
  const role = useSessionStore((s) => s.user?.role);
  const worksRequests = role !== undefined && WORKER_ROLES.includes(role);
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: OWN_STATUS_KEY,
    queryFn: ({ signal }) => fetchOwnStatus(signal),
    enabled: worksRequests,
  });
  const change = useMutation({
    mutationFn: setOwnStatus,
    onSuccess: (data) => queryClient.setQueryData(OWN_STATUS_KEY, data),
    meta: {
      success: (data: OwnStatus) => ({ title: 'Durumunuz güncellendi', description: data.manualStatus ? AGENT_STATUS_LABELS[data.manualStatus] : 'Otomatik durum' }),
      error: { title: 'Durum güncellenemedi' },
    },
  });
  if (!worksRequests || !current.data) return null;
  return (
    <Select
      label="Durumum"
      hideLabel={hideLabel}
      containerClassName={className}
      className="h-9 sm:w-auto"
      value={change.isPending ? change.variables : (current.data.manualStatus ?? 'online')}
      disabled={change.isPending}
      options={OPTIONS}
      onChange={(e) => change.mutate(e.target.value as AgentStatus)}
    />
  );
}
