import { z } from 'zod';
import { namedEndpoints } from '@common/contract';
import type { EndpointDefinition } from '@common/contract/define-endpoint';
import { API_ERROR_STATUS, type ApiErrorCode } from '@common/error-codes';

/**
 * The API's OpenAPI 3.1 document, built from the contract (`common/contract`), the same entries
 * `route()` registers every route from: no server, no database. Served at /api/docs/json, written
 * to dist/openapi.json by the build, linted in CI (`npm run lint:openapi`), and every JSON answer
 * the server tests receive is validated against it (server/test/openapi-check.ts).
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
};

export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** Every tag an endpoint may carry, with what it groups (a tag missing here fails the build of the document). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Sağlık ve hazır olma yoklamaları (yük dengeleyiciler için)',
  auth: 'Oturum açma, yenileme, kapatma ve parola değişikliği',
  totp: 'İki adımlı doğrulama (TOTP) kurulumu ve yedek kodlar',
  projects: 'Projeler ve proje üyelikleri',
  users: 'Kullanıcı hesapları',
  agents: "Agent'lar: durum, kapasite ve performans",
  bonus: 'Bonus talepleri: liste, ayrıntı, üstlenme, sonuçlandırma',
  'bridge-sync': 'Projenin dış veritabanından talep aktarımı',
  settings: 'Proje ayarları ve görünüm',
  audit: 'Denetim kayıtları',
  dashboard: 'Özet pano',
  reports: 'Raporlar ve dışa aktarma',
  routing: 'Talep dağıtım kuralları',
  demo: 'Tanıtım ortamı',
  'api-tokens': 'Makineler için API anahtarları: oluşturma, listeleme, iptal',
  webhooks: 'Webhooklar: projenin olaylarını kendi sistemine imzalı gönderme ve gönderim kaydı',
};

/** What each failure status means, as the response's description. */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'İstek geçersiz (gövde, sorgu veya yol parametresi)',
  401: 'Oturum yok, geçersiz veya sona ermiş',
  403: 'Bu işlem için yetki yok',
  404: 'Kayıt bulunamadı (ya da proje çağıranın değil)',
  409: 'İşlem mevcut durumla çakışıyor',
  413: 'İstek çok büyük',
  415: 'Desteklenmeyen içerik türü',
  429: 'Çok fazla istek',
  500: 'Beklenmeyen sunucu hatası (requestId ile)',
  503: 'Veritabanına şu anda ulaşılamıyor',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'Başarılı', 201: 'Oluşturuldu', 202: 'Kabul edildi' };

/** `:projectId` → `{projectId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the request is read or the answer is sent. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const result = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def;
      // A date leaves the server as its ISO string.
      if (def.type === 'date' && io === 'output') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      // A record over an enum has every key: name them, so `required` lists defined properties.
      const keys = (ctx.jsonSchema.propertyNames as JsonSchema | undefined)?.enum;
      if (def.type === 'record' && Array.isArray(keys) && Array.isArray(ctx.jsonSchema.required)) {
        const value = ctx.jsonSchema.additionalProperties as JsonSchema;
        ctx.jsonSchema.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
        ctx.jsonSchema.additionalProperties = false;
        delete ctx.jsonSchema.propertyNames;
      }
    },
  }) as JsonSchema;
  delete result.$schema;
  return result;
}

/** The parameters of one location from an object schema (path, query). */
function parametersOf(schema: z.ZodType, location: 'path' | 'query'): Record<string, unknown>[] {
  const json = jsonSchema(schema, 'input');
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== 'object' || !properties) throw new Error(`OpenAPI: ${location} parameters must be a zod object`);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** The failure codes a route answers, by status: derived from its declaration, plus the contract's own. */
export function errorCodesOf(endpoint: EndpointDefinition): Map<number, ApiErrorCode[]> {
  const codes = new Set<ApiErrorCode>(['BAD_REQUEST', 'INTERNAL']);
  if (endpoint.params || endpoint.query || endpoint.body) codes.add('VALIDATION_FAILED');
  if (endpoint.method !== 'GET') {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (endpoint.access !== 'public') {
    codes.add('UNAUTHORIZED');
    codes.add('SESSION_UNKNOWN');
    codes.add('PASSWORD_CHANGE_REQUIRED');
    codes.add('TOTP_SETUP_REQUIRED');
    // A role without the permission — or a machine's API token on an endpoint its abilities do not name.
    codes.add('FORBIDDEN');
  }
  // A path parameter names a record (or the project, which a non-member is told does not exist).
  if (endpoint.path.includes(':')) codes.add('NOT_FOUND');
  if (!endpoint.unavailableBody) codes.add('UNAVAILABLE');
  // A machine's API token has its own calls-a-minute budget (modules/api-tokens).
  if (endpoint.apiToken) codes.add('RATE_LIMITED');
  for (const code of endpoint.errors ?? []) codes.add(code);
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of Object.keys(API_ERROR_STATUS) as ApiErrorCode[]) {
    if (!codes.has(code)) continue;
    const status = API_ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function successResponse(endpoint: EndpointDefinition): Record<string, unknown> {
  const status = endpoint.status ?? 200;
  const description = SUCCESS_DESCRIPTIONS[status] ?? 'Başarılı';
  if (endpoint.raw) {
    if (endpoint.response) return { [status]: { description, content: json(jsonSchema(endpoint.response, 'output')) } };
    if (!endpoint.produces?.length) throw new Error(`OpenAPI: ${endpoint.method} ${endpoint.path} is raw with neither a response schema nor content types`);
    // A file: its bytes, in one of the listed types.
    const content = Object.fromEntries(endpoint.produces.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
    return { [status]: { description: 'Dosya', content } };
  }
  const data = endpoint.response ? jsonSchema(endpoint.response, 'output') : {};
  return {
    [status]: {
      description,
      content: json({
        type: 'object',
        properties: { success: { type: 'boolean', const: true }, data },
        required: endpoint.response ? ['success', 'data'] : ['success'],
        additionalProperties: false,
      }),
    },
  };
}

/** Who may call it, for the operation's description. */
const ACCESS_TEXT = (endpoint: EndpointDefinition) =>
  endpoint.access === 'public'
    ? 'Oturum gerektirmez.'
    : endpoint.access === 'authenticated'
      ? 'Oturum açmış her kullanıcı çağırabilir.'
      : `Gereken yetki: \`${endpoint.access}\`${endpoint.path.includes(':projectId') ? ' (ve projenin üyeliği)' : ''}.${endpoint.apiToken ? ` Projenin API anahtarıyla da çağrılabilir (\`${endpoint.apiToken}\` yetkisiyle).` : ''}`;

function operationOf(name: string, endpoint: EndpointDefinition): Operation {
  const parameters = [
    ...(endpoint.params ? parametersOf(endpoint.params, 'path') : []),
    ...(endpoint.query ? parametersOf(endpoint.query, 'query') : []),
  ];
  const responses: Record<string, unknown> = successResponse(endpoint);
  for (const [status, codes] of errorCodesOf(endpoint)) {
    responses[status] = {
      description: `${STATUS_DESCRIPTIONS[status] ?? 'Hata'}: ${codes.join(', ')}`,
      content: json({ allOf: [{ $ref: ERROR_ENVELOPE_REF }, { properties: { code: { enum: codes } } }] }),
    };
  }
  if (endpoint.unavailableBody) {
    const ok = (responses[endpoint.status ?? 200] as { content: unknown }).content;
    responses[503] = { description: 'Örnek trafiğe hazır değil; gövde nedenini söyler', content: ok };
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    description: `${endpoint.summary}. ${ACCESS_TEXT(endpoint)}`,
    tags: [...endpoint.tags],
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: json(jsonSchema(endpoint.body, 'input')) } } : {}),
    responses,
  };
}

/** The failure shape every error answer shares (server/plugins/error-handler.ts writes it). */
const errorEnvelopeSchema: JsonSchema = {
  type: 'object',
  description: 'Her hata yanıtının biçimi: makine kodu, Türkçe ileti, alan hataları',
  properties: {
    success: { type: 'boolean', const: false },
    code: { type: 'string', enum: Object.keys(API_ERROR_STATUS), description: 'Kararlı makine kodu; istemci iletiye göre değil buna göre karar verir' },
    message: { type: 'string', description: 'Kullanıcıya gösterilecek Türkçe ileti' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Alan yolu → o alanın ilk hatası (doğrulama hatalarında)' },
    requestId: { type: 'string', description: 'Sunucu hatalarında, günlük kaydını bulmak için isteğin kimliği' },
  },
  required: ['success', 'code', 'message'],
  additionalProperties: false,
};

export function openApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const usedTags = new Set<string>();
  for (const [name, endpoint] of namedEndpoints) {
    for (const tag of endpoint.tags) {
      if (!TAG_DESCRIPTIONS[tag]) throw new Error(`OpenAPI: tag '${tag}' of ${name} has no description in server/lib/openapi.ts`);
      usedTags.add(tag);
    }
    const path = openApiPath(endpoint.path);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bonus Panel API',
      version: '1.0.0',
      description:
        'Bonus talepleri yönetim paneli API. Başarılı yanıtlar `{ success: true, data }`, hatalar `{ success: false, code, message, errors }` biçimindedir.',
      contact: { name: 'Bonus Panel' },
      license: { name: 'Özel lisans', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'Bu belgeyi sunan sunucu' }],
    tags: Object.entries(TAG_DESCRIPTIONS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Oturum açınca alınan erişim belirteci' } },
      schemas: { ErrorEnvelope: errorEnvelopeSchema },
    },
  };
}
