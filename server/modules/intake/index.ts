export { createManualRequest, createRequests, createRequestsInTransaction, creationRouting } from './create-requests';
export { default as intakeRoutes } from './routes';
