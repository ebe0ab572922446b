import { z } from 'zod';
import { idParam } from '../schemas/api';
import { approveRequestBody, viewedRequestSchema, myQueueResponse, rejectRequestBody, requestParams, undoRequestBody } from '../schemas/bonus';
import { customerSummaryQuery, customerSummarySchema } from '../schemas/customer-summary';
import { defineEndpoint } from './define-endpoint';
import { defineRequestMove } from './request-move';

/** The operator's desk (issue 15): the caller's load and reservations, and 'Geri Al'. */
export const getMyQueue = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/requests/mine',
  access: 'request:claim',
  summary: "Oturumdaki kullanıcının yükü (3/5), sıradaki ayrılmış talepleri ve projenin tamamlama onay tutarı",
  tags: ['bonus'],
  params: z.object({ projectId: idParam }),
  response: myQueueResponse,
});

export const undoRequestMove = defineEndpoint({
  method: 'POST',
  path: '/api/bonus/projects/:projectId/requests/:requestId/undo',
  access: 'request:claim',
  summary: 'Geri Al: kendi tamamlama veya tekrar sıraya alma işlemini 10 sn içinde geri al (arada başkası işlem yaptıysa 409 UNDO_REFUSED)',
  tags: ['bonus'],
  errors: ['UNDO_REFUSED', 'CONFLICT'],
  params: requestParams,
  body: undoRequestBody,
  response: viewedRequestSchema,
});

/** Who may decide on a request waiting for approval, and the refusal of its asker deciding (403 FOUR_EYES_REQUIRED). */
const approvalDecision = { access: 'request:approve', apiToken: 'requests:complete', errors: ['FOUR_EYES_REQUIRED'] } as const;

/** Four eyes: a second person completes a request waiting for approval (never the one who asked: 403 FOUR_EYES_REQUIRED). */
export const approveRequest = defineRequestMove('approve', {
  ...approvalDecision,
  summary: 'Onay bekleyen talebi onayla ve tamamla (onaya gönderen kişi onaylayamaz: 403 FOUR_EYES_REQUIRED; başkası önce karar verdiyse 409)',
  body: approveRequestBody,
  response: viewedRequestSchema,
});

export const rejectRequest = defineRequestMove('reject', {
  ...approvalDecision,
  summary: 'Onay bekleyen talebi sebebiyle reddet: talep, onaya gönderen kişiye işlemde olarak geri döner',
  body: rejectRequestBody,
  response: viewedRequestSchema,
});

/** Before paying: what the customer asked for and was paid in the project, and what is left of their limits. */
export const getCustomerSummary = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/customers/summary',
  access: 'request:read',
  apiToken: 'requests:read',
  summary: 'Müşteri özeti: son 10 talep, son 30 günde tamamlananlar, bekleyen/işlemdeki/onay bekleyen talepler ve günlük/aylık limitten kalan',
  tags: ['bonus'],
  params: z.object({ projectId: idParam }),
  query: customerSummaryQuery,
  response: customerSummarySchema,
});
