import { z } from 'zod';
import { defineEndpoint } from './define-endpoint';
import { PUBLIC_PATHS } from './public-paths';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'unused']),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** Demo data is seeded: the login form may prefill the demo admin. */
  demo: z.boolean(),
});
export type Health = z.infer<typeof healthSchema>;

/** For load balancers: 200 when the database answers, 503 when it does not (no envelope). */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: PUBLIC_PATHS.health,
  access: 'public',
  summary: 'Sağlık durumu',
  tags: ['system'],
  response: healthSchema,
  raw: true,
  unavailableBody: true,
});

/** What readiness checks; a failing one is named in the answer. */
export const READINESS_PARTS = ['database', 'migrations', 'redis', 'shutdown'] as const;
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** The parts that fail, empty when ready. */
  failing: z.array(z.enum(READINESS_PARTS)),
});
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * For balancers and orchestrators, apart from liveness (/api/health): 200 only when this
 * instance should get traffic (database answers, migrations current, Redis connected when
 * configured, not shutting down); 503 naming the failing parts otherwise.
 */
export const getReady = defineEndpoint({
  method: 'GET',
  path: '/api/ready',
  access: 'public',
  summary: 'Hazır olma durumu',
  tags: ['system'],
  response: readinessSchema,
  raw: true,
  unavailableBody: true,
});
