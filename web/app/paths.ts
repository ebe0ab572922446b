/**
 * Every path of the app (spec §2.1), typed. A leaf module with no imports, so features
 * may link with it (`navigate(paths.dashboard)`) without depending on the app layer.
 */
export const paths = {
  home: '/',
  login: '/login',
  changePassword: '/change-password',
  dashboard: '/dashboard',
  advancedDashboard: '/advanced-dashboard',
  bonus: '/bonus',
  users: '/users',
  roleManagement: '/role-management',
  projects: '/projects',
  agents: '/agents',
  bridgeSync: '/bridge-sync',
  routingRules: '/routing-rules',
  totp: '/totp',
  reports: '/reports',
  auditLogs: '/audit-logs',
  settings: '/settings',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
