/** The bonus module's public entry: other modules and the app import only what is named here. */
export {
  createManualRequest,
  createRequests,
  createRequestsInTransaction,
  type CreateRequestsInput,
  type CreationRouting,
} from './create-request';
export { claimRequest } from './claim-request';
export { completeRequest } from './complete-request';
export { moveRequests, type MovedRequest } from './move-requests';
export { requestListFilter, requestOrder, requestSortKeys, requestsAfter } from './list-requests';
export { isoTimestamp, loadPresentedRequests } from './present-request';
export { PendingRequestChanges, SYSTEM_ACTOR, announceRequestChanges, publishRequestChanges, type PresentedChanges } from './request-changes';
export { default as bonusRoutes } from './routes';
