import type { AppContext } from './context';
import { presenceOf } from './modules/agents';
import { announceRequestChanges } from './modules/bonus';
import { notifyApprovers } from './modules/notifications';
import { handOutInEveryProject, handOutTo, handOutWaiting } from './modules/routing';

/**
 * Who reacts to what (events/app-events.ts): the one place where modules meet, so none of them
 * imports the modules that react to its changes. Every handler runs after the publishing
 * transaction committed; its failures are logged by the bus.
 */
export function wireAppEvents(ctx: AppContext): void {
  const { events } = ctx;
  events.on('requestsChanged', async (presented) => {
    announceRequestChanges(ctx.realtime, presented);
    // Loads moved: who became busy, or free again, is announced now rather than at the next sweep.
    const presence = presenceOf(ctx);
    await Promise.all(presented.loadChangedFor.map((userId) => presence.refresh(userId, presented.projectId)));
  });
  events.on('membershipsEnded', ({ userId, projectIds }) => presenceOf(ctx).refreshUser(userId, projectIds));
  events.on('membersBecameEligible', ({ projectId, userIds }) => handOutTo(ctx, projectId, userIds));
  events.on('rulesChanged', ({ projectId }) => handOutWaiting(ctx, projectId));
  // Four eyes: the project's approvers hear of a completion waiting for them (outbox, after the commit).
  events.on('approvalRequested', (asked) => notifyApprovers(ctx, asked));
  events.on('capacityChanged', ({ userId }) => handOutInEveryProject(ctx, userId));
  // Agents on the default capacity have room now: waiting requests the rules route to them are handed out.
  events.on('settingsChanged', ({ projectId, capacityRaised }) => (capacityRaised ? handOutWaiting(ctx, projectId) : undefined));
}
