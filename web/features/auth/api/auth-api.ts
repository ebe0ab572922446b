import type { login as loginEndpoint } from '@common/contract/auth';
import { PUBLIC_PATHS } from '@common/contract/public-paths';
import type { EndpointData } from '@common/contract/define-endpoint';
import type { LoginBody } from '@common/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

/**
 * POST /api/auth/login — public: a 401 here means wrong credentials, not an expired token.
 * With 2FA on it answers a challenge for the second step instead of tokens. Typed from the
 * contract by a type-only import: the sign-in page loads no zod (its JavaScript budget).
 */
export function login(body: LoginBody): Promise<EndpointData<typeof loginEndpoint>> {
  return apiRequest('POST', PUBLIC_PATHS.login, body, { auth: false });
}
