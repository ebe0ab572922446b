/** The notifications module's public entry: other modules and the app import only what is named here. */
export { WAITING_ALERT_TICK_MS, alertWaitingRequests } from './alert-waiting-requests';
export { DELIVERY_TICK_MS, deliverDueNotifications } from './deliver-notifications';
export { enqueueNotification } from './enqueue-notification';
export { notifyApprovers } from './notify-approvers';
export { default as notificationRoutes } from './routes';
