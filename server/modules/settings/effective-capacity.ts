import { sql, type SQL } from 'drizzle-orm';
import { projectSettings, users } from '../../db/schema';

/** The capacity when neither the user nor the project's settings give one (the column default). */
const FALLBACK_CAPACITY = 5;

/**
 * A user's capacity in a project: their own `max_load`, or — when they have none (null) — the
 * project's `defaultAgentCapacity`. Every place that reads capacity selects this expression, so
 * a change of the project setting applies at once to everyone without their own figure.
 */
export function effectiveMaxLoad(projectId: number | SQL): SQL<number> {
  return sql<number>`coalesce(${users.maxLoad}, (select ${projectSettings.defaultAgentCapacity} from ${projectSettings} where ${projectSettings.projectId} = ${projectId}), ${FALLBACK_CAPACITY})`.mapWith(Number);
}
