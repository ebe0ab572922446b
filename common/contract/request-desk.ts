import { z } from 'zod';
import { idParam } from '../schemas/api';
import { viewedRequestSchema, myQueueResponse, requestParams, undoRequestBody } from '../schemas/bonus';
import { defineEndpoint } from './define-endpoint';

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
  params: requestParams,
  body: undoRequestBody,
  response: viewedRequestSchema,
});
