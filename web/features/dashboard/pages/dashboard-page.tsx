import { useState, type ReactNode } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { FolderX, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { SessionUser } from '@common/schemas/auth';
import { Button, Card, CardBody, CardHeader, EmptyState } from '@web/components/ui';
import {
  DASHBOARD_ACTION_TEXTS,
  MANUAL_REQUEST_TEXTS,
  ManualRequestForm,
  RequestActionDialogs,
  RequestDetailDialog,
  requestKeys,
  useLiveRequests,
  useRequestActions,
} from '@web/entities/bonus-request';
import { useProjectAction } from '@web/stores/abilities';
import { useActiveProject, useSessionStore } from '@web/stores/session-store';
import { KanbanBoard } from '../components/kanban-board';
import { RequestBoard } from '../components/request-board';
import { StatTiles } from '../components/stat-tiles';
import { ViewSwitch, type DashboardView } from '../components/view-switch';


export const NO_PROJECT_TEXT = 'Yetkili olduğunuz herhangi bir proje bulunamadı. Lütfen yönetici ile iletişime geçin.';

const VIEW_TEXTS: Record<DashboardView, { title: string; description: string }> = {
  board: { title: 'Talepler', description: 'Bekleyen talepleri üzerinize alın, üzerinizdekileri tamamlayın.' },
  kanban: { title: 'Bonus Talepleri Kanban', description: 'Kartları sürükleyip bırakın: Bekleyen → Atanmış atar, Atanmış → Tamamlanan tamamlar.' },
};

/**
 * What other features add to the dashboard, composed by the app layer (feature folders do not
 * import each other): buttons beside 'Verileri Yenile' (Bridge Sync) and panels below the board
 * (agent control panel, sync log).
 */
export interface DashboardSlots {
  toolbar?: ReactNode;
  panels?: ReactNode;
}

function Dashboard({ projectId, user, toolbar, panels }: { projectId: number; user: SessionUser } & DashboardSlots) {
  useLiveRequests(projectId);
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: requestKeys.all(projectId) }) > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const view: DashboardView = searchParams.get('view') === 'kanban' ? 'kanban' : 'board';
  const actions = useRequestActions(projectId, DASHBOARD_ACTION_TEXTS);
  const mayCreate = useProjectAction(projectId, 'createRequest');
  const caller = { id: user.id, fullName: user.fullName };
  const [detailId, setDetailId] = useState<number | null>(null);

  const setView = (next: DashboardView) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'board') params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-5">
      <StatTiles projectId={projectId} />
      <Card>
        <CardHeader
          title={VIEW_TEXTS[view].title}
          description={VIEW_TEXTS[view].description}
          actions={
            <>
              <ViewSwitch view={view} onChange={setView} />
              <Button
                variant="outline"
                icon={RefreshCw}
                loading={refreshing}
                onClick={() => void queryClient.invalidateQueries({ queryKey: requestKeys.all(projectId) })}
              >
                Verileri Yenile
              </Button>
              {toolbar}
            </>
          }
        />
        <CardBody>
          {view === 'board' ? <RequestBoard projectId={projectId} callerId={user.id} actions={actions} onOpen={setDetailId} /> : <KanbanBoard projectId={projectId} caller={caller} />}
        </CardBody>
      </Card>
      <RequestDetailDialog projectId={projectId} requestId={detailId} onClose={() => setDetailId(null)} onOpen={setDetailId} actions={actions} />
      <RequestActionDialogs actions={actions} />
      {/* Side by side on wide screens; a panel that renders nothing leaves its track empty. */}
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[repeat(auto-fit,minmax(28rem,1fr))]">
        {mayCreate && (
          <Card>
            <CardHeader title={MANUAL_REQUEST_TEXTS.title} description="Dış referans ve kullanıcı adı opsiyoneldir; boş bırakılan alanlar gönderilmez." />
            <CardBody>
              <ManualRequestForm projectId={projectId} />
            </CardBody>
          </Card>
        )}
        {panels}
      </div>
    </div>
  );
}

/** /dashboard (spec §2.4). The header title is the active project's name, or 'Panel'. */
export function DashboardPage({ toolbar, panels }: DashboardSlots = {}) {
  const activeProject = useActiveProject();
  const user = useSessionStore((s) => s.user);
  if (!activeProject || !user) {
    return (
      <Card>
        <EmptyState icon={FolderX} title="Proje bulunamadı" description={NO_PROJECT_TEXT} />
      </Card>
    );
  }
  // A project switch remounts the screen, so no state of one project leaks into another.
  return <Dashboard key={activeProject.id} projectId={activeProject.id} user={user} toolbar={toolbar} panels={panels} />;
}
