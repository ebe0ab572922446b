import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { projects } from '../../db/schema';
import { analyzeStaleTables } from '../../db/statistics';
import { openSource, sourceConfigOf } from './connectors/open-source';
import { SourceError } from './connectors/source-errors';
import { importPersonnel } from './import-personnel';
import { importRequests } from './import-requests';
import type { JobProgress } from './job-progress';
import type { SyncLogRow } from './present-sync-log';
import { recomputeStatistics } from './recompute-statistics';

/** Does the work of one sync job by its type; throws on a connection or query failure. */
export async function runSync(ctx: AppContext, job: { log: SyncLogRow; progress: JobProgress; signal: AbortSignal }): Promise<void> {
  if (job.log.syncType === 'statistics') return recomputeStatistics(ctx, job);

  const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, job.log.projectId));
  if (!project) throw new SourceError('Proje bulunamadı', 'project');
  const source = await openSource(sourceConfigOf(ctx, project));
  try {
    if (job.log.syncType === 'personnel') await importPersonnel(ctx, { ...job, source });
    else {
      await importRequests(ctx, { ...job, source });
      // An import can double a project's rows in a minute: the list's plans need to know.
      await analyzeStaleTables(ctx.database);
    }
  } finally {
    await source.close();
  }
}
