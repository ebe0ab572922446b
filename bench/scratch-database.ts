import pg from 'pg';

/**
 * A throw-away database on a PostgreSQL server (`serverUrl` names any database on it): the
 * benchmark runs on `url`, and `drop()` removes it, connections and all.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
