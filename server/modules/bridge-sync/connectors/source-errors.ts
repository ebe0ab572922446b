import type { SourceConfig } from './source-types';

/** A failure of the project's database, already in clear Turkish and free of any secret. */
export class SourceError extends Error {
  constructor(
    message: string,
    /** The driver's code (SQLSTATE, errno name), for logs. */
    public readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

interface DriverError {
  code?: string | number;
  errno?: number;
  message?: string;
  column?: string;
}

const MAX_DETAIL = 200;

/** Removes the password (and anything after 'password=' in a URL-like text) from a driver message. */
export function scrubSecret(message: string, password: string): string {
  let out = message;
  if (password) out = out.split(password).join('***');
  return out.replace(/(password\s*[=:]\s*)\S+/gi, '$1***').slice(0, MAX_DETAIL);
}

function quoted(message: string): string | undefined {
  return /["'`]([^"'`]+)["'`]/.exec(message)?.[1];
}

/**
 * Maps a pg or mysql2 error onto a clear Turkish message. The password never appears: it is
 * not put in any message, and the driver's own text is scrubbed before it is quoted.
 */
export function toSourceError(err: unknown, config: SourceConfig, phase: 'connect' | 'query' = 'query'): SourceError {
  if (err instanceof SourceError) return err;
  const e = (err ?? {}) as DriverError;
  const code = e.code === undefined ? undefined : String(e.code);
  const raw = scrubSecret(typeof e.message === 'string' ? e.message : String(err), config.password);
  const where = `${config.host}:${config.port ?? (config.dbType === 'mysql' ? 3306 : 5432)}`;
  const msg = (text: string) => new SourceError(text, code);

  switch (code) {
    case 'ECONNREFUSED':
      return msg(`Proje veritabanına bağlanılamadı: ${where} bağlantıyı reddetti`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return msg(`Proje veritabanı sunucusu bulunamadı: ${config.host}`);
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return msg(`Proje veritabanına ulaşılamadı (${where})`);
    case '28P01':
    case '28000':
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_NOT_SUPPORTED_AUTH_MODE':
      return msg(`Proje veritabanına giriş reddedildi: "${config.user}" kullanıcısının adı veya şifresi hatalı`);
    case '3D000':
    case 'ER_BAD_DB_ERROR':
      return msg(`Proje veritabanı bulunamadı: "${config.database}"`);
    case '42P01':
    case 'ER_NO_SUCH_TABLE':
      return msg(`Proje veritabanında beklenen tablo veya görünüm yok: ${quoted(raw) ?? raw}`);
    case '42703':
    case 'ER_BAD_FIELD_ERROR':
      return msg(`Proje veritabanındaki tabloda beklenen sütun yok: ${quoted(raw) ?? raw}`);
    case '42501':
    case 'ER_TABLEACCESS_DENIED_ERROR':
    case 'ER_COLUMNACCESS_DENIED_ERROR':
      return msg('Proje veritabanı kullanıcısının okuma yetkisi yok');
    case '57014':
    case 'PROTOCOL_SEQUENCE_TIMEOUT':
    case 'ER_STATEMENT_TIMEOUT':
    case 'ER_QUERY_TIMEOUT':
      return msg('Proje veritabanı sorgusu zaman aşımına uğradı');
    case '57P01':
    case 'PROTOCOL_CONNECTION_LOST':
      return msg('Proje veritabanı bağlantısı beklenmedik şekilde kapandı');
    default:
      break;
  }
  if (/timeout|timed out/i.test(raw)) {
    return msg(phase === 'connect' ? `Proje veritabanına bağlantı zaman aşımına uğradı (${where})` : 'Proje veritabanı sorgusu zaman aşımına uğradı');
  }
  if (/terminated|closed|ended|lost/i.test(raw)) return msg('Proje veritabanı bağlantısı beklenmedik şekilde kapandı');
  return msg(`Proje veritabanı hatası: ${raw}`);
}
