import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { SessionUser } from '@common/schemas/auth';
import { PageActions } from '@web/components/layout/page-actions';
import { Button, Card, CardBody, Dialog, EmptyState } from '@web/components/ui';
import {
  BONUS_SCREEN_ACTION_TEXTS,
  ManualRequestForm,
  RequestActionDialogs,
  RequestDetailDialog,
  useLiveRequests,
  useRequestActions,
} from '@web/entities/bonus-request';
import { useProjectAction } from '@web/stores/abilities';
import { useActiveProject, useSessionStore } from '@web/stores/session-store';
import { ExportRequestsButton } from '../components/export-requests-button';
import { LiveBadge } from '../components/live-badge';
import { RequestStatCards } from '../components/request-stat-cards';
import { RequestTable } from '../components/request-table';
import { SearchBox } from '../components/search-box';
import { StatusFilterButtons } from '../components/status-filter';
import { useTableState } from '../model/use-table-state';

function BonusRequests({ projectId, user }: { projectId: number; user: SessionUser }) {
  useLiveRequests(projectId);
  const [state, change] = useTableState();
  const actions = useRequestActions(projectId, BONUS_SCREEN_ACTION_TEXTS);
  const mayCreate = useProjectAction(projectId, 'createRequest');
  const [creating, setCreating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <PageActions>
        <ExportRequestsButton projectId={projectId} state={state} />
        {mayCreate && (
          <Button icon={Plus} onClick={() => setCreating(true)}>
            Yeni Talep
          </Button>
        )}
      </PageActions>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Talepler canlı bağlantıyla kendiliğinden güncellenir.</p>
        <LiveBadge />
      </div>
      <RequestStatCards projectId={projectId} />
      <Card>
        <CardBody className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <StatusFilterButtons value={state.status} onChange={(status) => change({ status })} mine={state.mine} onMineChange={(mine) => change({ mine })} />
            <SearchBox value={state.search} onSearch={(search) => change({ search })} />
          </div>
          <RequestTable projectId={projectId} state={state} onChange={change} callerId={user.id} actions={actions} onDetail={(r) => setDetailId(r.id)} />
        </CardBody>
      </Card>
      <Dialog open={creating} onClose={() => setCreating(false)} title="Yeni Talep" description="Manuel bonus talebi oluşturun; boş bırakılan alanlar gönderilmez." size="lg">
        <ManualRequestForm projectId={projectId} onCreated={() => setCreating(false)} />
      </Dialog>
      <RequestDetailDialog projectId={projectId} requestId={detailId} onClose={() => setDetailId(null)} onOpen={setDetailId} actions={actions} />
      <RequestActionDialogs actions={actions} />
    </div>
  );
}

/** Bonus Talepleri (/bonus, spec §2.5). */
export function BonusPage() {
  const activeProject = useActiveProject();
  const user = useSessionStore((s) => s.user);
  if (!activeProject || !user) {
    return (
      <Card>
        <EmptyState title="Proje bulunamadı" description="Talepleri görmek için bir proje seçin." />
      </Card>
    );
  }
  return <BonusRequests key={activeProject.id} projectId={activeProject.id} user={user} />;
}
