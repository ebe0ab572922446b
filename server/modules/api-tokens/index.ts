/** The API tokens module's public entry: other modules and the app import only what is named here. */
export { authenticateApiToken } from './authenticate-api-token';
export { default as apiTokenRoutes } from './routes';
export { looksLikeApiToken } from './token-secret';
export { registerApiTokenRateLimit } from './token-rate-limit';
