import { z } from 'zod';
import { approvalFiguresSchema, dashboardPeriodQuery } from '../analytics';
import { projectParams } from '../schemas/api';
import { defineEndpoint } from './define-endpoint';

const tags = ['dashboard'] as const;
const BASE = '/api/projects/:projectId/dashboard';

export const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

/** §3 Dashboard stats, over the project's requests created in the period (see common/analytics.ts). */
export const dashboardStatsSchema = z.object({
  period: periodSchema,
  totalRequests: z.number().int(),
  completedRequests: z.number().int(),
  /** Exact decimal money. */
  totalRevenue: z.string(),
  successRate: z.number().nullable(),
  activeAgents: z.number().int(),
  averageProcessingTime: z.number().nullable(),
  medianProcessingTime: z.number().int().nullable(),
  p90ProcessingTime: z.number().int().nullable(),
  dailyAverage: z.number(),
  requeueCount: z.number().int(),
  /** Four eyes: decisions in the period and what waits now (common/analytics.ts). */
  approvals: approvalFiguresSchema,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const activityItemSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  requestLabel: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

const dataset = z.object({ label: z.string(), data: z.array(z.number()) });
export const dashboardPerformanceSchema = z.object({
  period: periodSchema,
  timeSeries: z.object({ labels: z.array(z.string()), datasets: z.array(dataset) }),
  agentPerformance: z.object({
    labels: z.array(z.string()),
    datasets: z.array(dataset),
    items: z.array(z.object({ agentId: z.number().int(), name: z.string(), completedCount: z.number().int(), totalAmount: z.string() })),
  }),
  statusDistribution: z.object({ labels: z.array(z.string()), statuses: z.array(z.string()), data: z.array(z.number().int()) }),
});
export type DashboardPerformance = z.infer<typeof dashboardPerformanceSchema>;

export const dashboardHealthSchema = z.object({
  checkedAt: z.string(),
  uptimeSeconds: z.number().int(),
  database: z.object({ status: z.enum(['up', 'down']), roundTripMs: z.number().nullable() }),
  redis: z.enum(['up', 'down', 'unused']),
  openSockets: z.number().int(),
  lastSync: z.object({ status: z.string(), startedAt: z.string(), finishedAt: z.string().nullable() }).nullable(),
  /** Minutes since the oldest waiting (new or queued) request was created; null when none waits. */
  oldestWaitingMinutes: z.number().int().nullable(),
});
export type DashboardHealth = z.infer<typeof dashboardHealthSchema>;

export const getDashboardStats = defineEndpoint({
  method: 'GET',
  path: `${BASE}/stats`,
  access: 'report:read',
  summary: 'Gelişmiş dashboard istatistikleri (7d, 30d, 90d)',
  tags,
  params: projectParams,
  query: dashboardPeriodQuery,
  response: dashboardStatsSchema,
});

export const getDashboardActivity = defineEndpoint({
  method: 'GET',
  path: `${BASE}/activity`,
  access: 'dashboard:read',
  summary: 'Son etkinlikler (talep olayları)',
  tags,
  params: projectParams,
  query: z.object({ limit: z.coerce.number().int().min(1, 'Limit 1 ile 50 arasında olmalıdır').max(50, 'Limit 1 ile 50 arasında olmalıdır').default(10) }),
  response: z.array(activityItemSchema),
});

export const getDashboardPerformance = defineEndpoint({
  method: 'GET',
  path: `${BASE}/performance`,
  access: 'report:read',
  summary: 'Günlük seri, agent performansı ve durum dağılımı',
  tags,
  params: projectParams,
  query: z.object({ period: dashboardPeriodQuery.shape.period.default('7d') }),
  response: dashboardPerformanceSchema,
});

export const getDashboardHealth = defineEndpoint({
  method: 'GET',
  path: `${BASE}/health`,
  access: 'report:read',
  summary: 'Sistem sağlığı: çalışma süresi, veritabanı, Redis, soketler, son senkron, en eski bekleyen talep',
  tags,
  params: projectParams,
  response: dashboardHealthSchema,
});
