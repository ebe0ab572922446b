import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { configProblems } from './config';

/** An invalid or contradictory environment stops the start: one clear line per problem, exit code 1. */
describe('configuration checked at start', () => {
  it('names each problem on its own line', () => {
    const { config, problems } = configProblems({
      PORT: 'abc',
      DATABASE_URL: 'mysql://root@localhost/bonus',
      METRICS_TOKEN: 'kisa',
    });
    expect(config).toBeUndefined();
    expect(problems).toEqual([
      'PORT: 0-65535 arasında bir tam sayı olmalıdır',
      'DATABASE_URL: geçerli bir postgres:// ya da postgresql:// adresi olmalıdır',
      'METRICS_TOKEN: en az 16 karakter olmalıdır',
    ]);
  });

  it('refuses REDIS_URL without APP_SECRET (instances would sign with different keys)', () => {
    expect(configProblems({ REDIS_URL: 'redis://127.0.0.1:6379' }).problems).toEqual([
      'APP_SECRET: REDIS_URL ayarlıyken gereklidir (her sunucu aynı anahtarı kullanmalı)',
    ]);
    expect(configProblems({ REDIS_URL: 'redis://127.0.0.1:6379', APP_SECRET: 'x'.repeat(32) }).problems).toEqual([]);
  });

  it('refuses a URL that does not parse, a port out of range and a bad boolean', () => {
    const { problems } = configProblems({ DATABASE_URL: 'postgres//eksik', REDIS_URL: 'localhost:6379', APP_SECRET: 'x'.repeat(32), PORT: '70000', MIGRATE_ON_START: 'belki' });
    expect(problems).toEqual([
      'PORT: en çok 65535 olmalıdır',
      'DATABASE_URL: geçerli bir postgres:// ya da postgresql:// adresi olmalıdır',
      'MIGRATE_ON_START: true ya da false olmalıdır',
      'REDIS_URL: geçerli bir redis:// ya da rediss:// adresi olmalıdır',
    ]);
  });

  it('the server process exits with code 1 and prints one line per problem, before opening anything', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'abc', REDIS_URL: 'redis://127.0.0.1:6379', DATA_DIR: '/nonexistent/never-created' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Geçersiz ortam ayarları, sunucu başlatılmadı:',
      '  PORT: 0-65535 arasında bir tam sayı olmalıdır',
      '  APP_SECRET: REDIS_URL ayarlıyken gereklidir (her sunucu aynı anahtarı kullanmalı)',
    ]);
  }, 60_000);
});
