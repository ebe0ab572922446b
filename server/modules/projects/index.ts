/** The projects module's public entry: other modules and the app import only what is named here. */
export { listProjectSummaries, listWorkProjectIds } from './project-access';
export { default as projectRoutes } from './routes';
