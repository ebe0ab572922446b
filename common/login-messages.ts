import { DEFAULT_TIME_ZONE, LOCALE } from './constants';

/** Sign-in messages (spec §2.3). Free of zod: the sign-in page checks its two fields without it. */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Kullanıcı adı gereklidir',
  passwordRequired: 'Şifre gereklidir',
  failed: 'Giriş başarısız. Bilgileri kontrol edin.',
  /** The start of the lockout answer (accountLockedMessage); the web decides by the code ACCOUNT_LOCKED, never by this. */
  locked: 'Hesap geçici olarak kilitlendi.',
} as const;

/**
 * The answer to a sign-in while the name is locked: 'Hesap geçici olarak kilitlendi. 14:36
 * itibarıyla yeniden deneyebilirsiniz.' The time is the product's default zone (Europe/Istanbul),
 * not the account's project: a stranger's name, which has no project, must get the same answer.
 * Rounded up to the minute, so trying at the time shown is never too early; the day is named
 * when the lock ends on another day there.
 */
export function accountLockedMessage(until: Date, now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const opens = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  const day = (d: Date) => new Intl.DateTimeFormat(LOCALE, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat(LOCALE, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(opens);
  const when = day(opens) === day(now) ? time : `${day(opens)} ${time}`;
  return `${LOGIN_MESSAGES.locked} ${when} itibarıyla yeniden deneyebilirsiniz.`;
}
