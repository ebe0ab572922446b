/** The settings module's public entry: other modules and the app import only what is named here. */
export { effectiveMaxLoad } from './effective-capacity';
export { readProjectSettings, readProjectTimeZone, readSystemSettings } from './read-settings';
export { default as settingsRoutes } from './routes';
export { transportsOf } from './transports';
