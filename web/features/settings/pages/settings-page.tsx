import { RequireProject } from '@web/components/layout/require-project';
import { ErrorState, Spinner } from '@web/components/ui';
import { useGlobalAction, useProjectAction } from '@web/stores/abilities';
import { useProjectSettings, useSaveSettings, useSettingsLiveUpdates, useSystemSettings } from '../api/settings-api';
import { ApiTokensCard } from '../components/api-tokens-card';
import { DemoActivitySwitch } from '../components/demo-activity-switch';
import { RecentNotifications } from '../components/recent-notifications';
import { SettingsForm } from '../components/settings-form';
import { WebhooksCard } from '../components/webhooks-card';

/** Sistem Ayarları (/settings, spec §2.12): the active project's settings, and the system's for a super admin. */
export function SettingsPage() {
  return <RequireProject description="Ayarlarını düzenlemek için bir proje seçin.">{(projectId) => <ProjectSettingsScreen projectId={projectId} />}</RequireProject>;
}

function ProjectSettingsScreen({ projectId }: { projectId: number }) {
  const isSystem = useGlobalAction('editSystemSettings');
  const managesIntegrations = useProjectAction(projectId, 'manageIntegrations');
  useSettingsLiveUpdates(projectId);
  const system = useSystemSettings(isSystem);
  const project = useProjectSettings(projectId);
  const save = useSaveSettings(projectId);

  const retry = () => void Promise.all([project.refetch(), isSystem ? system.refetch() : null]);
  const retrying = project.isFetching || system.isFetching;
  // Settings already in the form stay (a refetch that failed must not wipe what is being edited); a banner says so.
  const failed = project.error ?? (isSystem ? system.error : null);
  if (failed && (!project.data || (isSystem && !system.data))) return <ErrorState error={failed} onRetry={retry} retrying={retrying} />;
  if (!project.data || (isSystem && !system.data)) {
    return (
      <div role="status" className="flex justify-center p-10">
        <Spinner />
          <span className="sr-only">Ayarlar yükleniyor</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {failed && <ErrorState variant="banner" error={failed} onRetry={retry} retrying={retrying} />}
      <DemoActivitySwitch allowed={isSystem} />
      <SettingsForm
        key={projectId}
        system={isSystem ? system.data : undefined}
        project={project.data.settings}
        transports={project.data.transports}
        onSave={(values) => save.mutateAsync(values)}
      />
      {managesIntegrations && <ApiTokensCard projectId={projectId} />}
      {managesIntegrations && <WebhooksCard projectId={projectId} />}
      <RecentNotifications projectId={projectId} />
    </div>
  );
}
