import { z } from 'zod';
import { projectParams } from '../schemas/api';
import {
  brandingSchema,
  notificationSchema,
  projectSettingsBody,
  projectSettingsResponse,
  systemSettingsBody,
  systemSettingsSchema,
} from '../schemas/settings';
import { defineEndpoint } from './define-endpoint';
import { PUBLIC_PATHS } from './public-paths';

const tags = ['settings'] as const;

export const getSystemSettings = defineEndpoint({
  method: 'GET',
  path: '/api/system/settings',
  access: 'system-settings:manage',
  summary: 'Sistem ayarları',
  tags,
  response: systemSettingsSchema,
});

export const updateSystemSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/system/settings',
  access: 'system-settings:manage',
  summary: 'Sistem ayarlarını kaydet',
  tags,
  body: systemSettingsBody,
  response: systemSettingsSchema,
});

/** The login page shows the application's name before anyone signs in. */
export const getBranding = defineEndpoint({
  method: 'GET',
  path: PUBLIC_PATHS.branding,
  access: 'public',
  summary: 'Uygulama adı (oturum açmadan)',
  tags,
  response: brandingSchema,
});

export const getProjectSettings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/settings',
  access: 'settings:read',
  summary: 'Proje ayarları ve kullanılabilir bildirim kanalları',
  tags,
  params: projectParams,
  response: projectSettingsResponse,
});

export const updateProjectSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/settings',
  access: 'settings:manage',
  summary: 'Proje ayarlarını kaydet',
  tags,
  params: projectParams,
  body: projectSettingsBody,
  response: projectSettingsResponse,
});

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/notifications',
  access: 'settings:read',
  summary: 'Son bildirimler (giden kutusu)',
  tags,
  params: projectParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.array(notificationSchema),
});
