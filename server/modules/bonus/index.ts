/** The bonus module's public entry: other modules and the app import only what is named here. */
export {
  createManualRequest,
  createRequests,
  createRequestsInTransaction,
  type CreatedRow,
  type CreateRequestsInput,
  type CreationRouting,
} from './create-request';
export { handOverReservations, lockUserLoad } from './hand-over-reservations';
export { requestListFilter, requestOrder } from './list-requests';
export { isoTimestamp } from './present-request';
export { PendingRequestChanges, SYSTEM_ACTOR, announceRequestChanges, auditRequestChange, publishRequestChanges, recordRequestEvents, type PresentedChanges } from './request-changes';
export { applyTransition, applyTransitions, statusMoveSql } from './request-state-machine';
export { default as bonusRoutes } from './routes';
