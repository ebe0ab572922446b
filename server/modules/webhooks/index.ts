/** The webhooks module's public entry: other modules and the app import only what is named here. */
export { default as webhookRoutes } from './routes';
export { webhookDispatcherOf } from './webhook-dispatcher';
