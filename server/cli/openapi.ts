import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../lib/openapi';

/**
 * Writes the API's OpenAPI document: to the file named by the first argument, or to stdout.
 * Needs no configuration and no database; the build runs it to write dist/openapi.json, and
 * `npm run lint:openapi` to lint it.
 */
const text = JSON.stringify(openApiDocument(), null, 2) + '\n';
const target = process.argv[2];
if (target) writeFileSync(target, text);
else process.stdout.write(text);
