/** The routing module's public entry: other modules and the app import only what is named here. */
export { LEASE_TICK_MS, expireClaimLeases } from './claim-lease';
export { handOutInEveryProject, handOutTo, handOutWaiting } from './hand-out';
export { default as routingRoutes } from './routes';
export { conditionParams, hasActiveRules } from './rules-repo';
export { RoutingSession } from './routing-session';
export { WINDOW_TICK_MS, windowOpeningsJob } from './window-openings';
