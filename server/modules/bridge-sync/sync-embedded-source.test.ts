import { defineSourceSuite } from './test-support/sync-suite';
import { embeddedSource } from './test-support/test-sources';

// Always runs: the embedded external system (PGlite over the PostgreSQL wire protocol).
defineSourceSuite('the embedded PostgreSQL source (PGlite served over TCP)', embeddedSource, '');
