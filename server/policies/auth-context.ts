import type { Role } from '@common/enums';

/** The signed-in user as every policy and service sees them. */
export interface AuthUser {
  id: number;
  username: string;
  fullName: string;
  email: string | null;
  role: Role;
  mustChangePassword: boolean;
}
export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  /** The role must use 2FA and the user has not set it up: only the setup calls answer. */
  totpSetupRequired?: boolean;
  /** Set when a machine calls with a project's API token (on behalf of `user`, its creator). */
  apiTokenId?: number;
  /** The project the path names, once the caller may work in it. */
  project?: { id: number; timeZone: string };
}
