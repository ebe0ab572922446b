/** The agents module's public entry: other modules and the app import only what is named here. */
export { deriveAgentStatus } from './agent-status';
export { presenceOf } from './presence';
export { registerPresence } from './register-presence';
export { default as agentRoutes } from './routes';
