import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openApiDocument } from '../lib/openapi';
import { writeOpenApi } from '../../scripts/build.mjs';

/** `npm run build` writes dist/openapi.json through this step, inside its temporary build folder. */
it('the build writes the OpenAPI document, the same one the server serves', async () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'build-openapi-')), 'openapi.json');
  await writeOpenApi(out);
  const written = JSON.parse(readFileSync(out, 'utf8'));
  expect(written.openapi).toBe('3.1.0');
  expect(written).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
}, 60_000);
