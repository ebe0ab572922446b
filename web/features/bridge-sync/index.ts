/**
 * What other screens mount from bridge sync (the app layer composes features):
 * - dashboard (spec §2.4): <ActiveProjectBridgeSyncButton /> in its `toolbar` slot and <SyncLogPanel />
 *   in its `panels` slot (web/app/routes.tsx); or BridgeSyncButton / SyncLogTable with a project id;
 * - /projects (spec §2.7): <ProjectSyncButton projectId={p.id} projectName={p.name} /> on each card/row.
 * Each is live on its own (socket events of the active project, polling for other projects).
 */
export { ActiveProjectBridgeSyncButton, BridgeSyncButton } from './components/bridge-sync-button';
export { SyncLogPanel } from './components/sync-log-panel';
export { ProjectSyncButton } from './components/project-sync-button';
export { SyncLogTable } from './components/sync-log-table';
export { SyncProgressBar } from './components/sync-progress-bar';
export { SyncStatusBadge } from './components/sync-status-badge';
export { syncKeys, useLiveSync, useSyncStatus } from './api/sync-api';
