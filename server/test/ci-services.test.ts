import { describe, expect, it } from 'vitest';

/**
 * The race, cluster and connection-loss tests need PostgreSQL, Redis and MariaDB and skip where
 * their URL is missing, so `npm test` runs on any machine. In CI a missing URL would let them
 * pass unrun: there it is a failure (.ci/run starts the services and sets the URLs).
 */
const SERVICES = ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'TEST_MYSQL_URL'] as const;

describe.runIf(process.env.CI === 'true')('CI', () => {
  it.each(SERVICES)('has %s, so the tests that need it run', (name) => {
    expect(process.env[name], `${name} is not set: the tests that need it would be skipped`).toBeTruthy();
  });
});
