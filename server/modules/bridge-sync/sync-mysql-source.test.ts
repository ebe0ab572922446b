import { defineSourceSuite } from './test-support/sync-suite';
import { mysqlSource } from './test-support/test-sources';

const url = process.env.TEST_MYSQL_URL;
defineSourceSuite('an external MySQL / MariaDB', url ? () => mysqlSource(url) : null, 'TEST_MYSQL_URL is not set (e.g. mysql://root@127.0.0.1:3306/test)');
