import type { AppContext } from '../../../context';
import type { projects } from '../../../db/schema';
import { decryptSecret } from '../../../lib/secrets';
import { openMysqlSource } from './mysql-source';
import { openPostgresSource } from './postgres-source';
import { SourceError } from './source-errors';
import type { SourceConfig, SourceConnection } from './source-types';

type ProjectRow = Pick<typeof projects.$inferSelect, 'dbType' | 'dbHost' | 'dbPort' | 'dbName' | 'dbUser' | 'dbPasswordEnc'>;

/** The project's connection settings; the password is decrypted here, kept only in memory. */
export function sourceConfigOf(ctx: AppContext, project: ProjectRow): SourceConfig {
  let password = '';
  if (project.dbPasswordEnc) {
    try {
      password = decryptSecret(project.dbPasswordEnc, ctx.keys.encryption);
    } catch {
      throw new SourceError('Proje veritabanı şifresi çözülemedi: uygulama anahtarı (APP_SECRET) değişmiş olabilir', 'decrypt');
    }
  }
  return {
    dbType: project.dbType,
    host: project.dbHost,
    port: project.dbPort,
    database: project.dbName,
    user: project.dbUser,
    password,
  };
}

/** Opens a read-only session with the driver of the project's database type. */
export function openSource(config: SourceConfig): Promise<SourceConnection> {
  return config.dbType === 'mysql' ? openMysqlSource(config) : openPostgresSource(config);
}
