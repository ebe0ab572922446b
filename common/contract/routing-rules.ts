import { z } from 'zod';
import { projectParams } from '../schemas/api';
import {
  agentSkillsBody,
  agentSkillsListResponse,
  agentSkillsParams,
  agentSkillsSchema,
  routingReorderBody,
  routingReorderResponse,
  routingRuleBody,
  routingRuleListQuery,
  routingRuleListResponse,
  routingRuleParams,
  routingRuleSchema,
  routingSimulateResult,
  routingStatsResponse,
  routingTargetsResponse,
  routingTestPayload,
  routingTestResult,
  routingToggleBody,
} from '../schemas/routing';
import { defineEndpoint } from './define-endpoint';

/**
 * Routing rules (issue 11, spec §7.12): manager and above read and manage them; agents and
 * operators cannot see them. Every change is audited with before and after.
 */
const tags = ['routing'] as const;
const base = '/api/projects/:projectId/routing-rules' as const;

export const listRoutingRules = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'routing:read',
  summary: 'Routing kuralları (değerlendirme sırasıyla: öncelik, sonra sıra), arama, durum ve sayfalama ile',
  tags,
  params: projectParams,
  query: routingRuleListQuery,
  response: routingRuleListResponse,
});

export const getRoutingRuleStats = defineEndpoint({
  method: 'GET',
  path: `${base}/stats`,
  access: 'routing:read',
  summary: 'Kural başına bugünkü ve 7 günlük eşleşme, atama sayıları ve son eşleşme zamanı',
  tags,
  params: projectParams,
  response: routingStatsResponse,
});

export const listRoutingTargets = defineEndpoint({
  method: 'GET',
  path: `${base}/targets`,
  access: 'routing:read',
  summary: "'Belirli Kullanıcı' stratejisinin seçebileceği proje üyeleri",
  tags,
  params: projectParams,
  response: routingTargetsResponse,
});

export const getRoutingRule = defineEndpoint({
  method: 'GET',
  path: `${base}/:id`,
  access: 'routing:read',
  summary: 'Bir routing kuralı',
  tags,
  params: routingRuleParams,
  response: routingRuleSchema,
});

export const createRoutingRule = defineEndpoint({
  method: 'POST',
  path: base,
  access: 'routing:manage',
  summary: 'Routing kuralı oluştur (en az bir koşul)',
  tags,
  params: projectParams,
  body: routingRuleBody,
  response: routingRuleSchema,
  status: 201,
});

export const updateRoutingRule = defineEndpoint({
  method: 'PUT',
  path: `${base}/:id`,
  access: 'routing:manage',
  summary: 'Routing kuralını güncelle (koşullar gönderilen listeyle değiştirilir)',
  tags,
  params: routingRuleParams,
  body: routingRuleBody,
  response: routingRuleSchema,
});

export const deleteRoutingRule = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:id`,
  access: 'routing:manage',
  summary: 'Routing kuralını sil',
  tags,
  params: routingRuleParams,
  response: z.object({ id: z.number().int() }),
});

export const toggleRoutingRule = defineEndpoint({
  method: 'PATCH',
  path: `${base}/:id/toggle`,
  access: 'routing:manage',
  summary: 'Kuralı etkinleştir veya duraklat ({isActive})',
  tags,
  params: routingRuleParams,
  body: routingToggleBody,
  response: routingRuleSchema,
});

export const reorderRoutingRules = defineEndpoint({
  method: 'POST',
  path: `${base}/reorder`,
  access: 'routing:manage',
  summary: 'Kuralların sırasını değiştir ({ruleIds}); yeni değerlendirme sırasını döner',
  tags,
  params: projectParams,
  body: routingReorderBody,
  response: routingReorderResponse,
});

export const testRoutingRule = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/test`,
  access: 'routing:read',
  summary: 'Kuralı varsayımsal bir taleple dene: eşleşme, hedef kullanıcı ve gerekçeli iz (hiçbir şey atanmaz)',
  tags,
  params: routingRuleParams,
  body: routingTestPayload,
  response: routingTestResult,
});

export const simulateRouting = defineEndpoint({
  method: 'POST',
  path: `${base}/simulate`,
  access: 'routing:read',
  summary: 'Varsayımsal bir talep için hangi kuralın kazanacağını ve her kuralın izini göster (hiçbir şey atanmaz)',
  tags,
  params: projectParams,
  body: routingTestPayload,
  response: routingSimulateResult,
});

export const listAgentSkills = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/agent-skills',
  access: 'agent:read',
  summary: 'Projedeki agentlerin yetenekleri (bonus türleri ve müşteri segmentleri)',
  tags,
  params: projectParams,
  response: agentSkillsListResponse,
});

export const updateAgentSkills = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/agents/:userId/skills',
  access: 'routing:manage',
  summary: 'Bir agentin yeteneklerini kaydet',
  tags,
  params: agentSkillsParams,
  body: agentSkillsBody,
  response: agentSkillsSchema,
});
