import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { bonusRequestStatusCounts, projectMembers, projects, projectSettings, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';

export const BENCH_PROJECT_CODES = ['BENCH1', 'BENCH2', 'BENCH3', 'BENCH4', 'BENCH5'];
export const BENCH_USER = { username: 'bench-manager', password: 'bench-password-1' };

const FIRST = ['Ahmet', 'Mehmet', 'Ayşe', 'Fatma', 'Zeynep', 'Elif', 'Mustafa', 'Emre', 'Işıl', 'Çağlar', 'Gökhan', 'Özlem', 'Şerife', 'Burak', 'Deniz'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Arslan', 'Doğan', 'Kılıç', 'Koç', 'Kurt', 'Işık', 'Güneş'];
const DESCRIPTIONS = ['Haftalık kayıp iadesi %10', 'Hoş geldin bonusu %100', 'Sadakat puanı dönüşümü', 'Doğum günü bonusu', 'Yatırım bonusu %50', 'Freespin telafisi'];
const arrayLiteral = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s}'`).join(',')}]`);

/** The five benchmark projects and one manager in all of them (created once). */
export async function ensureBenchTenant(database: Database): Promise<{ projectIds: number[]; userId: number }> {
  const db = database.db;
  let rows = await db.select({ id: projects.id, code: projects.code }).from(projects).where(inArray(projects.code, BENCH_PROJECT_CODES));
  if (rows.length < BENCH_PROJECT_CODES.length) {
    const missing = BENCH_PROJECT_CODES.filter((c) => !rows.some((r) => r.code === c));
    const created = await db
      .insert(projects)
      .values(missing.map((code) => ({ code, name: `Benchmark ${code}`, baseUrl: 'https://bench.example.com', dbHost: '127.0.0.1', dbName: 'bench', dbUser: 'bench' })))
      .returning({ id: projects.id, code: projects.code });
    await db.insert(projectSettings).values(created.map((p) => ({ projectId: p.id })));
    rows = [...rows, ...created];
  }
  const projectIds = BENCH_PROJECT_CODES.map((c) => rows.find((r) => r.code === c)!.id);
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, BENCH_USER.username));
  if (!user) {
    [user] = await db
      .insert(users)
      .values({ username: BENCH_USER.username, fullName: 'Benchmark Yönetici', role: 'manager', passwordHash: await hashPassword(BENCH_USER.password) })
      .returning({ id: users.id });
  }
  await db
    .insert(projectMembers)
    .values(projectIds.map((projectId) => ({ projectId, userId: user!.id })))
    .onConflictDoNothing();
  return { projectIds, userId: user!.id };
}

/**
 * Fills the benchmark projects up to `total` requests, generated inside the database
 * (generate_series) in batches, in creation order with the projects interleaved, as a live
 * system writes them: a status mix like a live project (mostly completed), 60 days of creation
 * times, Turkish names and descriptions for the search to work on.
 */
export async function seedBenchRequests(database: Database, projectIds: number[], userId: number, total: number, log: (s: string) => void) {
  const db = database.db;
  const [have] = await db
    .select({ n: sql<number>`coalesce(sum(${bonusRequestStatusCounts.n}), 0)::int` })
    .from(bonusRequestStatusCounts)
    .where(inArray(bonusRequestStatusCounts.projectId, projectIds));
  const BATCH = 50_000;
  const projectArray = sql.raw(`array[${projectIds.join(',')}]::int[]`);
  for (let done = have?.n ?? 0; done < total; ) {
    const n = Math.min(BATCH, total - done);
    const started = Date.now();
    await db.execute(sql`
      with s as (
        select g, random() r_status, random() r_amount, (random() * 1000)::int r_pick,
          now() - interval '60 days' + (g::float8 / ${total}::float8) * interval '60 days' + (random() - 0.5) * interval '2 minutes' as created
        from generate_series(${done + 1}::int, ${done + n}::int) g
      )
      insert into bonus_requests (project_id, external_id, customer_id, customer_username, customer_name, bonus_type, amount, description,
        priority, status, source, assigned_user_id, assigned_at, completed_by_user_id, completed_at, created_at, updated_at)
      select (${projectArray})[1 + g % ${projectIds.length}], 'B-' || g, (1000000 + (g::bigint * 7919) % 8999999)::text,
        'oyuncu' || (g % 50000),
        (${arrayLiteral(FIRST)})[1 + r_pick % ${FIRST.length}] || ' ' || (${arrayLiteral(LAST)})[1 + (r_pick / 7) % ${LAST.length}],
        (array['cashback','points','other'])[1 + g % 3], round((10 + r_amount * 4990)::numeric, 2),
        (${arrayLiteral(DESCRIPTIONS)})[1 + g % ${DESCRIPTIONS.length}], 1 + g % 10,
        st.status, case when g % 5 = 0 then 'manual' else 'sync' end,
        case when st.status in ('assigned','in_progress','completed','error') then ${userId}::int end,
        case when st.status in ('assigned','in_progress','completed','error') then created + interval '5 minutes' end,
        case when st.status = 'completed' then ${userId}::int end,
        case when st.status = 'completed' then created + interval '30 minutes' end,
        created, created + interval '30 minutes'
      from s
      cross join lateral (select case
        when r_status < 0.02 then 'new' when r_status < 0.06 then 'queued' when r_status < 0.08 then 'assigned'
        when r_status < 0.09 then 'in_progress' when r_status < 0.94 then 'completed' when r_status < 0.98 then 'cancelled'
        else 'error' end as status) st
      order by g`);
    done += n;
    log(`  ${done.toLocaleString('tr-TR')} / ${total.toLocaleString('tr-TR')} (${Date.now() - started} ms)`);
  }
}
