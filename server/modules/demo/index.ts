/** The demo module's public entry: other modules and the app import only what is named here. */
export { default as demoRoutes } from './routes';
