import {
  endpointPath,
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
} from '@common/contract/define-endpoint';
import { apiRequest, type QueryParams, type RequestOptions } from './api-client';

type CallOptions = Omit<RequestOptions, 'query'>;

/**
 * Calls one endpoint of the contract (`common/contract/*`): the path is built from its
 * params, and what it answers is typed from its response schema — no hand-written types or
 * assertions at the call site. Import the feature's contract file, not the index, so a
 * screen's chunk carries only its own schemas.
 */
export function apiCall<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointData<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  const path = endpointPath(endpoint.path, params);
  const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return apiRequest<EndpointData<E>>(endpoint.method, path, sendsBody ? (body ?? {}) : undefined, {
    ...options,
    query,
    auth: endpoint.access === 'public' ? false : options.auth,
  });
}
