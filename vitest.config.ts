import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const alias = {
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
  '@web': fileURLToPath(new URL('./web', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
};

/**
 * Component test files that replace a module with vi.mock: they run each in a fresh module graph,
 * since a replaced module would otherwise stay replaced for the files after them in that worker.
 * Read from the files themselves, so a new test with vi.mock is isolated without anyone listing it.
 */
const WEB_TESTS = 'web/**/*.test.{ts,tsx}';
const webFilesWithModuleMocks = fs
  .readdirSync('web', { recursive: true, encoding: 'utf8' })
  .map((file) => `web/${file.split('\\').join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8')));

const webProject = (name: string, isolated: boolean) => ({
  plugins: [react()],
  resolve: { alias },
  test: {
    name,
    environment: 'jsdom' as const,
    include: isolated ? webFilesWithModuleMocks : [WEB_TESTS],
    exclude: isolated ? [] : webFilesWithModuleMocks,
    // One module graph and one jsdom per worker for the files that replace no module: loading
    // React, the app's modules and jsdom anew for every file was most of the component tests' time.
    // The setup file's afterEach resets what a test leaves behind (DOM, storage, stubs, spies).
    isolate: isolated,
    setupFiles: ['web/test/setup.ts'],
    // A component test on a loaded machine can need far more than the 5 s default.
    testTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Each server test file opens its own database; two files at once is what two cores carry.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          // Every file builds its own app on its own fresh database, so files share nothing but
          // the loaded modules; loading the server's module graph once per worker instead of once
          // per file saves about 2.5 s a file. No server test replaces a module (vi.mock).
          isolate: false,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      webProject('web', false),
      webProject('web-mocks', true),
    ],
  },
});
