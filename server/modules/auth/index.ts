/** The auth module's public entry: other modules and the app import only what is named here. */
export { default as authRoutes } from './routes';
