import { demoActivityBody, demoActivitySchema } from '../schemas/demo';
import { defineEndpoint } from './define-endpoint';

const tags = ['demo'] as const;

/** Outside demo mode both answer 404: the switch does not exist there. */
export const getDemoActivity = defineEndpoint({
  method: 'GET',
  path: '/api/demo/activity',
  access: 'system-settings:manage',
  summary: 'Demo etkinliği açık mı (yalnızca demo modunda)',
  tags,
  errors: ['NOT_FOUND'],
  response: demoActivitySchema,
});

export const setDemoActivity = defineEndpoint({
  method: 'PUT',
  path: '/api/demo/activity',
  access: 'system-settings:manage',
  summary: 'Demo etkinliğini aç veya kapat (yalnızca demo modunda)',
  tags,
  errors: ['NOT_FOUND'],
  body: demoActivityBody,
  response: demoActivitySchema,
});
