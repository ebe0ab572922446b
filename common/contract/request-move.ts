import type { ApiErrorCode } from '../error-codes';
import { requestParams } from '../schemas/bonus';
import { defineEndpoint, type EndpointDefinition } from './define-endpoint';

/** What any move of a request can run into when someone else moved it first (the state machine's refusals, each a 409). */
const MOVE_CONFLICTS = ['CONFLICT', 'ILLEGAL_TRANSITION', 'ALREADY_CLAIMED', 'ALREADY_DECIDED'] as const satisfies readonly ApiErrorCode[];

/** The parts a move declares itself: who may make it, its summary, body and answer, and refusals of its own. */
type MoveParts = Omit<EndpointDefinition, 'method' | 'path' | 'tags' | 'params' | 'errors'> & { errors?: readonly ApiErrorCode[] };

/**
 * One move of a bonus request through its states (claim, complete, requeue, approve, reject):
 * a POST to `…/requests/:requestId/<action>`, refused with the move conflicts after its own codes.
 */
export function defineRequestMove<const A extends string, const P extends MoveParts>(action: A, { errors = [], ...parts }: P) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/bonus/projects/:projectId/requests/:requestId/${action}`,
    tags: ['bonus'],
    errors: [...errors, ...MOVE_CONFLICTS],
    params: requestParams,
    ...parts,
  });
}
