import type { AppContext } from '../../context';
import { writeAudit } from '../audit';
import { revokeSessions, type AuthContext } from '../sessions';

/** Ends this sign-in (its sockets close too); the other sessions of the user stay. */
export async function logout(ctx: AppContext, auth: AuthContext, ipAddress: string | null): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await revokeSessions(ctx, [auth.sessionId], 'logout', tx);
    await writeAudit(tx, {
      actor: { id: auth.user.id, username: auth.user.username },
      action: 'LOGOUT',
      resourceId: auth.sessionId,
      ipAddress,
    });
  });
}
