export { createManualRequest, createRequests, createRequestsInTransaction } from './create-requests';
export { default as intakeRoutes } from './routes';
