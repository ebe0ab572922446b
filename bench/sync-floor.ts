import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { createScratchDatabase } from './scratch-database';

/**
 * `npm run bench:sync floor`: what this machine's PostgreSQL allows the import at most. The same
 * 100,000 rows the sync benchmark imports are inserted straight from `generate_series` into the
 * product's own `bonus_requests` (migrated), 5,000 per statement on two connections at once, as
 * the import's two batches in flight — no source to read, no Node, no events, no duplicate
 * check, no routing. Then again with parts of the table taken away, to show what each costs.
 * A first import can only be slower than the first line. `npm run bench:sync ratio` alternates the
 * first line (floorRate) with first imports and prints the import's share of it.
 */
const ROWS = 100_000;
const BATCH = 5_000;
const CONNECTIONS = 2;
const RUNS = 2;

const insertBatch = (projectId: number, userId: number, from: number) => `
  insert into bonus_requests (project_id, external_id, customer_id, customer_username, customer_name, bonus_type, amount, description,
    priority, status, source, created_by_user_id, created_at, updated_at)
  select ${projectId}, 'EXT-' || lpad(g::text, 7, '0'), 'MUS-' || (g % 50000), 'oyuncu' || g,
    (array['Ahmet Yılmaz','Ayşe Kaya','Mehmet Demir','Zeynep Şahin','Çağla Öztürk','Gökhan Aydın'])[g % 6 + 1],
    (array['cashback','points','other'])[g % 3 + 1], (g % 4900 + 100)::numeric + 0.5,
    (array['Haftalık kayıp iadesi %10','Hoş geldin bonusu','Sadakat puanı dönüşümü','Freespin telafisi'])[g % 4 + 1],
    g % 5 + 1, 'new', 'sync', ${userId}, now() - interval '30 days' + g * interval '10 milliseconds', now()
  from generate_series(${from}, ${from + BATCH - 1}) g`;

/** A scratch database with the product's migrated table, and one timed bulk insert into it. */
async function openFloor(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_sync_floor');
  // The product's own migrations: the same table, indexes, foreign keys and triggers.
  await (await openPostgres(scratch.url, 1)).close();
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  const [project] = (
    await admin.query(`insert into projects (code, name, base_url, db_type, db_host, db_name, db_user) values ('FLOOR', 'Taban', 'https://floor.example.com', 'postgresql', 'h', 'd', 'u') returning id`)
  ).rows as { id: number }[];
  const [user] = (await admin.query(`insert into users (username, full_name, role, password_hash) values ('floor', 'Taban', 'manager', '!') returning id`)).rows as { id: number }[];

  /** Rows per second of one insert of ROWS into the emptied, checkpointed table. */
  const insertOnce = async (options = ''): Promise<number> => {
    await admin.query('truncate bonus_requests cascade');
    await admin.query('checkpoint');
    const clients = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const c = new pg.Client({ connectionString: scratch.url, options });
        await c.connect();
        return c;
      }),
    );
    const started = process.hrtime.bigint();
    await Promise.all(
      clients.map(async (c, i) => {
        for (let from = 1 + i * BATCH; from <= ROWS; from += CONNECTIONS * BATCH) await c.query(insertBatch(project!.id, user!.id, from));
      }),
    );
    const rate = ROWS / (Number(process.hrtime.bigint() - started) / 1e9);
    await Promise.all(clients.map((c) => c.end()));
    return rate;
  };
  const close = async () => {
    await admin.end();
    await scratch.drop();
  };
  return { admin, insertOnce, close };
}

/** The table as migrated, once, on a new scratch database: the floor an import is compared with (`bench:sync ratio`). */
export async function floorRate(serverUrl: string): Promise<number> {
  const floor = await openFloor(serverUrl);
  try {
    return await floor.insertOnce();
  } finally {
    await floor.close();
  }
}

export async function syncFloor(serverUrl: string, log: (s: string) => void): Promise<void> {
  const { admin, insertOnce, close } = await openFloor(serverUrl);
  try {
    // The indexes as the migrations made them: the trigram one, and the secondary ones (neither the
    // primary key nor a unique key) that the screens, the queue and the duplicate check read.
    const indexes = (await admin.query(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'bonus_requests'`)).rows as {
      name: string;
      definition: string;
    }[];
    const trigram = indexes.find((i) => i.definition.includes('gin_trgm_ops'))!;
    const secondary = indexes.filter((i) => i !== trigram && !i.name.endsWith('_pkey') && !/^CREATE UNIQUE/.test(i.definition));

    const measure = async (name: string, options = ''): Promise<void> => {
      const rates: number[] = [];
      for (let run = 0; run < RUNS; run++) rates.push(await insertOnce(options));
      const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
      log(`  ${name.padEnd(74)} ${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))} rows/s`);
    };

    log(`Sync floor: ${ROWS.toLocaleString('en-US')} rows inserted from generate_series, ${BATCH.toLocaleString('en-US')} per statement, ${CONNECTIONS} connections`);
    await measure('the table as migrated (every index, foreign key and trigger)');
    await admin.query(`drop index ${trigram.name}`);
    await measure('without the trigram index');
    for (const index of secondary) await admin.query(`drop index ${index.name}`);
    // Foreign keys and triggers off for these connections only (they run as internal triggers).
    const bare = '-c session_replication_role=replica';
    await measure('primary key and unique external id only; no foreign key, no trigger', bare);
    await admin.query(trigram.definition);
    await measure('the same with the trigram index', bare);
  } finally {
    await close();
  }
}
