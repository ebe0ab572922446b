import { z } from 'zod';

/**
 * What the signed-in caller may see and do, as the server decides it: the login and
 * GET /api/auth/me answer carry it, and the web app hides screens and buttons by it
 * instead of reading the role matrix itself. The server derives it from the one matrix
 * (server/policies/screen-abilities.ts) and still checks every call on its own.
 */

/** The signed-in screens, named like the app's paths. */
export const SCREENS = [
  'dashboard',
  'advancedDashboard',
  'bonus',
  'bridgeSync',
  'routingRules',
  'users',
  'roleManagement',
  'projects',
  'agents',
  'reports',
  'auditLogs',
  'totp',
  'settings',
] as const;
export type Screen = (typeof SCREENS)[number];

/** Buttons and forms a screen shows only to callers who may use them. */
export const ACTIONS = [
  'createRequest',
  'assignOthers',
  /** Four eyes: approve or reject what someone else sent for approval. */
  'approveRequests',
  'manageUsers',
  'forceAgents',
  'manageRouting',
  'runSync',
  'editSettings',
  /** A project's integrations: API tokens and webhooks. */
  'manageIntegrations',
  'editSystemSettings',
] as const;
export type Action = (typeof ACTIONS)[number];

/** One boolean per name, in the names' order: what the caller may do, as the server decided it. */
export function abilityFlags<const K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as { [P in K]: z.ZodBoolean });
}

export const abilitySetSchema = z.object({ screens: abilityFlags(SCREENS), actions: abilityFlags(ACTIONS) });
export type AbilitySet = z.infer<typeof abilitySetSchema>;

/**
 * `global`: what the role grants (the menu and the screens' gates). `projects`: what the
 * caller may do in each project they may work in, keyed by project id; a project missing
 * here grants nothing.
 */
export const sessionAbilitiesSchema = z.object({
  global: abilitySetSchema,
  projects: z.record(z.string(), abilitySetSchema),
});
export type SessionAbilities = z.infer<typeof sessionAbilitiesSchema>;
