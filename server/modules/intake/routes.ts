import * as contract from '@common/contract/bonus-requests';
import { route } from '../../lib/route';
import { actorContext } from '../../policies/actor';
import type { App } from '../../types';
import { createManualRequest } from './create-requests';

/** Creating a request by hand (spec §7.3): created and routed in one transaction. */
export default async function intakeRoutes(app: App) {
  route(app, contract.createRequest, async (request) =>
    createManualRequest(actorContext(request), { projectId: request.params.projectId, body: request.body }),
  );
}
