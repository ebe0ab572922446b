import { z } from 'zod';
import { PROJECT_DB_TYPES } from '../enums';
import { requiredText } from './api';

export const PROJECT_MESSAGES = {
  codeRequired: 'Proje kodu gereklidir',
  nameRequired: 'Proje adı gereklidir',
  baseUrlRequired: 'Base URL gereklidir',
  dbHostRequired: 'Veritabanı host gereklidir',
  dbNameRequired: 'Veritabanı adı gereklidir',
  dbUserRequired: 'Veritabanı kullanıcısı gereklidir',
  codeTaken: 'Bu proje kodu zaten kullanılıyor',
  notFound: 'Proje bulunamadı',
  empty: 'Proje bulunamadı',
  neverSynced: 'Hiç senkronize edilmemiş',
} as const;

/** A project as the API shows it. The database password never leaves the server. */
export const projectSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** The database connection: only for those who may edit the project (project:manage). */
  dbType: z.enum(PROJECT_DB_TYPES).optional(),
  dbHost: z.string().optional(),
  dbPort: z.number().int().nullable().optional(),
  dbName: z.string().optional(),
  dbUser: z.string().optional(),
  hasDbPassword: z.boolean().optional(),
  isActive: z.boolean(),
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
  /** The project's time zone (its settings): the web shows the project's dates in it. */
  timezone: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive']).optional(),
});

export const projectFormBody = z.object({
  code: requiredText(PROJECT_MESSAGES.codeRequired, 32),
  name: requiredText(PROJECT_MESSAGES.nameRequired, 120),
  baseUrl: requiredText(PROJECT_MESSAGES.baseUrlRequired, 500),
  dbType: z.enum(PROJECT_DB_TYPES).default('postgresql'),
  dbHost: requiredText(PROJECT_MESSAGES.dbHostRequired, 255),
  dbPort: z.coerce.number().int().min(1).max(65535).optional().nullable(),
  dbName: requiredText(PROJECT_MESSAGES.dbNameRequired, 120),
  dbUser: requiredText(PROJECT_MESSAGES.dbUserRequired, 120),
  /** Write-only: empty (or only spaces) or omitted on update means "unchanged". Never trimmed. */
  dbPassword: z
    .string()
    .max(500)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v)),
  isActive: z.boolean().default(true),
});
export type ProjectFormBody = z.input<typeof projectFormBody>;

export const toggleBody = z.object({ isActive: z.boolean() });
