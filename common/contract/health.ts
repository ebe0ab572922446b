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
});
