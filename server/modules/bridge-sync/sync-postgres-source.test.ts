import { defineSourceSuite } from './test-support/sync-suite';
import { postgresSource } from './test-support/test-sources';

const url = process.env.TEST_DATABASE_URL;
defineSourceSuite('an external PostgreSQL', url ? () => postgresSource(url) : null, 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)');
