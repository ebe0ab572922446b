/** The bridge-sync module's public entry: other modules and the app import only what is named here. */
export { startDemoExternalSystem } from './demo/demo-external-system';
export { recordDemoSyncHistory } from './demo/record-demo-sync-history';
export { failInterruptedSyncs } from './fail-interrupted-syncs';
export { default as bridgeSyncRoutes } from './routes';
export { SCHEDULE_TICK_MS, startDueSyncs } from './schedule-syncs';
export { heartbeatMs, syncRunnerOf } from './sync-runner';
