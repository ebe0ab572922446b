import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = {
  '@common': path.join(root, 'common'),
  '@web': path.join(root, 'web'),
  '@server': path.join(root, 'server'),
};

/**
 * Test files run one after another in a worker with the modules kept (isolate: false): loading the
 * server's module graph, or React, the app and jsdom, anew for every file was a third of the suite's
 * time. A file that replaces a module with vi.mock runs in a fresh graph of its own, since the
 * replaced module would otherwise stay replaced for the files after it. Which files do is read
 * from the files themselves, so nobody has to list them.
 */
function filesWithModuleMocks(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, file), 'utf8'))),
  );
}

/** Two projects of one kind of test: the files that replace no module together, the others each alone. */
function sharedAndIsolated<T extends { test: { name: string; include: string[] } }>(project: T, folders: string[]): T[] {
  const mocking = filesWithModuleMocks(folders);
  const shared = { ...project, test: { ...project.test, isolate: false, exclude: mocking } };
  const isolated = { ...project, test: { ...project.test, name: `${project.test.name}-mocks`, isolate: true, include: mocking } };
  return mocking.length > 0 ? [shared, isolated] : [shared];
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Each server test file opens its own database; two files at once is what two cores carry.
    maxWorkers: 2,
    projects: [
      ...sharedAndIsolated(
        {
          resolve: { alias },
          test: {
            name: 'server',
            environment: 'node' as const,
            include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
            // Every file builds its own app on its own fresh database: files share only the loaded modules.
            globalSetup: ['server/test/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        ['server', 'common'],
      ),
      ...sharedAndIsolated(
        {
          plugins: [react()],
          resolve: { alias },
          test: {
            name: 'web',
            environment: 'jsdom' as const,
            include: ['web/**/*.test.{ts,tsx}'],
            // Its afterEach resets what a test leaves behind (DOM, toasts, storage, stubs, spies).
            setupFiles: ['web/test/setup.ts'],
            // A component test on a loaded machine can need far more than the 5 s default.
            testTimeout: 60_000,
          },
        },
        ['web'],
      ),
    ],
  },
});
