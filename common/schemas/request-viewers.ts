import { z } from 'zod';
import type { ApiErrorCode } from '../error-codes';
import { BONUS_MESSAGES } from './bonus';

/**
 * "Who else is looking" at a request (issue 31): the payloads of its socket events and the
 * Turkish texts the screens and the server's refusals use.
 */

export const requestViewerSchema = z.object({ userId: z.number().int(), fullName: z.string() });
export type RequestViewer = z.infer<typeof requestViewerSchema>;

/** Everyone (each person once, however many screens) who has the request's detail open. */
export const requestViewersSchema = z.object({ requestId: z.number().int(), viewers: z.array(requestViewerSchema) });
export type RequestViewers = z.infer<typeof requestViewersSchema>;

export const requestViewersSnapshotSchema = z.object({ lists: z.array(requestViewersSchema) });

/** What a client announces: a request id as PostgreSQL's integer holds it, nothing else. */
export const viewedRequestSchema = z.strictObject({ requestId: z.number().int().positive().max(2_147_483_647) });

const VIEWING_REFUSALS = ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'] as const satisfies readonly ApiErrorCode[];

/** The answer to 'request-viewing': refused with a code for the client and a Turkish message for people. */
export const requestViewingAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: z.enum(VIEWING_REFUSALS), message: z.string() }),
]);
export type RequestViewingAck = z.infer<typeof requestViewingAckSchema>;

export const REQUEST_VIEWERS_MESSAGES = {
  invalidRequest: 'Talep numarası geçersiz',
  requestNotFound: BONUS_MESSAGES.requestNotFound,
  tooMany: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.',
} as const;

const BACK_VOWELS = 'aıou';
const FRONT_VOWELS = 'eiöü';

/**
 * The clitic 'de/da' after a name, by vowel harmony: 'Ayşe Çelik de', 'Mehmet Kaya da'. A last
 * word without a vowel (an initial) is read by its letter's name: 'K.' is 'ka', the others end in 'e'.
 */
export function alsoClitic(name: string): 'de' | 'da' {
  const word = name.trim().split(/\s+/).pop()?.toLocaleLowerCase('tr') ?? '';
  for (let i = word.length - 1; i >= 0; i--) {
    const ch = word[i]!;
    if (BACK_VOWELS.includes(ch)) return 'da';
    if (FRONT_VOWELS.includes(ch)) return 'de';
  }
  const letters = word.replace(/[^a-zçğşıöü]/g, '');
  return letters.endsWith('k') ? 'da' : 'de';
}

/**
 * The detail's line about the others looking at the request: 'Ayşe Çelik de bu talebe bakıyor',
 * 'Ayşe Çelik ve Mehmet Kaya da bu talebe bakıyor', 'Ayşe Çelik ve 2 kişi daha bu talebe bakıyor'.
 */
export function viewersSentence(names: readonly string[]): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return `${first} ${alsoClitic(first)} bu talebe bakıyor`;
  if (names.length === 2) return `${first} ve ${second} ${alsoClitic(second)} bu talebe bakıyor`;
  return `${first} ve ${names.length - 1} kişi daha bu talebe bakıyor`;
}

/** The eye's accessible label on cards and rows: '2 kişi bakıyor'. */
export function viewersCountLabel(count: number): string {
  return `${count} kişi bakıyor`;
}
