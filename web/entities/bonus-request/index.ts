/**
 * Bonus requests as a shared entity: API calls and their cache keys, the manual request
 * form, badges and the detail dialog. The dashboard and the /bonus screen both build on it
 * (feature folders do not import each other, so what they share lives here).
 */
export * from './api/request-queries';
export * from './api/request-mutations';
export * from './api/use-live-requests';
export * from './model/priority';
export * from './model/request-texts';
export { BonusTypeIcon } from './components/bonus-type-icon';
export { ManualRequestForm, MANUAL_REQUEST_TEXTS } from './components/manual-request-form';
export { PriorityBadge } from './components/priority-badge';
export { PriorityInput } from './components/priority-input';
export { RequestDetailDialog } from './components/request-detail-dialog';
export { RequestStatusBadge } from './components/request-status-badge';
export * from './model/use-request-actions';
export { heldPhase, useHeldItems } from './model/claim-hold';
export { GuardedButton } from './components/guarded-button';
export { RequestActionDialogs } from './components/request-action-dialogs';
export { RequestCardBadges } from './components/request-card-badges';
export { RequestViewersEye } from './components/request-viewers';
export * from './model/card-keys';
