import { configProblems, type Config } from './config';

/**
 * The start of every program: an invalid or contradictory environment stops it here, with one
 * line per problem and exit code 1, before anything is opened.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  const { config, problems } = configProblems(env);
  if (config) return config;
  console.error('Geçersiz ortam ayarları, sunucu başlatılmadı:');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
