import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests against the real server (built web app + API + socket) on a fresh
 * embedded database with demo data. Debian's Chromium only: never a browser download.
 * `npm run test:e2e` builds first; `npx playwright test` alone uses the last build.
 */
export default defineConfig({
  testDir: 'e2e',
  // Pauses the demo's routing rules so each test's claims stay its own (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // One retry in CI, reported as flaky: the browser tests share one server and its data.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    // A trace recorder slows every page; under load it froze pages outright, so CI runs without it.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'bash e2e/start-server.sh',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Migrations and the demo seed on a fresh embedded database take a while on a busy machine.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
