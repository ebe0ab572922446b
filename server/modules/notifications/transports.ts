// Types only at load: the mail library is loaded by the first e-mail sent over SMTP, not at every start.
import type { Transporter } from 'nodemailer';
import { demoInboxOn } from '../../config';
import type { AppContext } from '../../context';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

/** How long one delivery may take before it counts as failed. */
const SEND_TIMEOUT_MS = 15_000;

const mailers = new WeakMap<AppContext, Transporter>();
async function mailerFor(ctx: AppContext, url: string): Promise<Transporter> {
  let mailer = mailers.get(ctx);
  if (!mailer) {
    const { default: nodemailer } = await import('nodemailer');
    // Another message may have made it meanwhile: one transport per app.
    mailer = mailers.get(ctx) ?? nodemailer.createTransport({
      url,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    });
    mailers.set(ctx, mailer);
  }
  return mailer;
}

/** Sends one message through its channel; throws with a readable reason on failure. */
export async function sendMessage(ctx: AppContext, message: OutgoingMessage): Promise<void> {
  if (message.channel === 'email') {
    const url = ctx.config.SMTP_URL;
    if (!url && demoInboxOn(ctx.config)) {
      // The demo inbox: nothing leaves the machine; the log shows what would have been sent.
      ctx.log.info({ to: message.recipient, subject: message.subject }, 'demo inbox: e-mail not sent, logged');
      return;
    }
    if (!url) throw new Error('SMTP_URL yapılandırılmamış');
    await (await mailerFor(ctx, url)).sendMail({
      from: ctx.config.SMTP_FROM,
      to: message.recipient,
      subject: message.subject,
      text: message.textBody,
      ...(message.htmlBody ? { html: message.htmlBody } : {}),
    });
    return;
  }
  const url = ctx.config.SMS_WEBHOOK_URL;
  if (!url) throw new Error('SMS_WEBHOOK_URL yapılandırılmamış');
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: message.recipient, text: message.textBody }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`SMS sağlayıcısı ${res.status} yanıtı verdi`);
}
