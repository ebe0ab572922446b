import { changePassword as changePasswordEndpoint, getSessionUser, logout as logoutEndpoint } from '@common/contract/auth';
import { apiCall } from '@web/lib/api-call';

/** POST /api/auth/logout — ends this sign-in on the server (its sockets close too). */
export function logout() {
  return apiCall(logoutEndpoint, {});
}

/** GET /api/auth/me — the signed-in user as the server sees them now. */
export function fetchMe(signal?: AbortSignal) {
  return apiCall(getSessionUser, {}, { signal });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiCall(changePasswordEndpoint, { body });
}
