import type { Health } from '@common/contract/health';
import { PUBLIC_PATHS } from '@common/contract/public-paths';

/**
 * GET /api/health for the sign-in page, which only needs to know whether the server runs with
 * demo data: checked by hand instead of the contract's zod schema (web/lib/health.ts), so zod stays
 * out of the sign-in page's JavaScript.
 */
export async function fetchDemoFlag(signal?: AbortSignal): Promise<boolean> {
  const response = await fetch(PUBLIC_PATHS.health, { headers: { Accept: 'application/json' }, signal });
  const body = (await response.json()) as Partial<Health> | null;
  return typeof body === 'object' && body !== null && body.demo === true;
}
