/** The users module's public entry: other modules and the app import only what is named here. */
export { createUser } from './create-user';
export { default as userRoutes } from './routes';
export { membershipIds } from './user-memberships';
export { loadManageableUser } from './user-policy';
