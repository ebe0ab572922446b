import { eq } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@common/constants';
import type { Role } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { projectSettings, systemSettings } from '../../db/schema';

export interface SystemSettings {
  appName: string;
  sessionTimeout: number;
  maxLoginAttempts: number;
  twoFactorRequiredRoles: Role[];
}

export interface ProjectSettings {
  timezone: string;
  autoSync: boolean;
  syncInterval: number;
  emailNotifications: boolean;
  smsNotifications: boolean;
  waitingAlertMinutes: number;
  defaultAgentCapacity: number;
  claimLeaseMinutes: number;
  /** Exact decimal money as text; null = completing never asks for the amount. */
  completeConfirmAmount: string | null;
  duplicateWindowHours: number;
  /** Four eyes and customer limits (exact decimals); null = off. */
  approvalThreshold: string | null;
  customerDailyLimit: string | null;
  customerMonthlyLimit: string | null;
}

/** The system row (id = 1), which the first migration inserts. */
export async function readSystemSettings(db: DbOrTx): Promise<SystemSettings> {
  const [row] = await db
    .select({
      appName: systemSettings.appName,
      sessionTimeout: systemSettings.sessionTimeout,
      maxLoginAttempts: systemSettings.maxLoginAttempts,
      twoFactorRequiredRoles: systemSettings.twoFactorRequiredRoles,
    })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  if (!row) throw new Error('system_settings row is missing');
  return { ...row, twoFactorRequiredRoles: row.twoFactorRequiredRoles as Role[] };
}

/** A project's settings; every project gets its row when it is created. */
export async function readProjectSettings(db: DbOrTx, projectId: number): Promise<ProjectSettings | undefined> {
  const [row] = await db
    .select({
      timezone: projectSettings.timezone,
      autoSync: projectSettings.autoSync,
      syncInterval: projectSettings.syncInterval,
      emailNotifications: projectSettings.emailNotifications,
      smsNotifications: projectSettings.smsNotifications,
      waitingAlertMinutes: projectSettings.waitingAlertMinutes,
      defaultAgentCapacity: projectSettings.defaultAgentCapacity,
      claimLeaseMinutes: projectSettings.claimLeaseMinutes,
      completeConfirmAmount: projectSettings.completeConfirmAmount,
      duplicateWindowHours: projectSettings.duplicateWindowHours,
      approvalThreshold: projectSettings.approvalThreshold,
      customerDailyLimit: projectSettings.customerDailyLimit,
      customerMonthlyLimit: projectSettings.customerMonthlyLimit,
    })
    .from(projectSettings)
    .where(eq(projectSettings.projectId, projectId));
  return row;
}

/** The project's time zone (its settings, Istanbul by default): its days, windows and the dates its screens show. */
export async function readProjectTimeZone(db: DbOrTx, projectId: number): Promise<string> {
  const [row] = await db.select({ timezone: projectSettings.timezone }).from(projectSettings).where(eq(projectSettings.projectId, projectId));
  return row?.timezone ?? SETTINGS_DEFAULTS.timezone;
}
