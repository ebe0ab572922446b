import { REQUEST_EVENTS } from '@common/socket-events';
import { useLiveInvalidation } from '@web/lib/use-project-socket';
import { requestKeys } from './request-queries';

/** Any of the four request events reloads the project's request and statistics data on screen. */
export function useLiveRequests(projectId: number): void {
  useLiveInvalidation(REQUEST_EVENTS, [requestKeys.all(projectId)]);
}
