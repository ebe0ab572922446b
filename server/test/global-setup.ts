import { migratedTemplate } from '../db/test-database';

/** Writes the embedded database template once, before the test files start in parallel (each would otherwise race to write it). */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await migratedTemplate();
}
