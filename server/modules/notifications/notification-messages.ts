import { NOTIFICATION_EVENT_LABELS, type NotificationEvent } from '@common/schemas/settings';

export interface NotificationFacts {
  projectName: string;
  /** Sync: its type and message; waiting: the request; agent: who and why. */
  lines: string[];
}

export interface NotificationMessage {
  subject: string;
  text: string;
  html: string;
  /** SMS: one short line. */
  sms: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Turkish e-mail (plain text and HTML) and SMS text of one event. */
export function composeNotification(event: NotificationEvent, appName: string, facts: NotificationFacts): NotificationMessage {
  const title = NOTIFICATION_EVENT_LABELS[event];
  const subject = `[${appName}] ${facts.projectName}: ${title}`;
  const text = [`Merhaba,`, ``, `${facts.projectName} projesinde: ${title}.`, ...facts.lines, ``, `Bu ileti ${appName} tarafından otomatik gönderildi.`].join('\n');
  const html = [
    `<p>Merhaba,</p>`,
    `<p><strong>${escapeHtml(facts.projectName)}</strong> projesinde: ${escapeHtml(title)}.</p>`,
    facts.lines.length ? `<ul>${facts.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '',
    `<p style="color:#666">Bu ileti ${escapeHtml(appName)} tarafından otomatik gönderildi.</p>`,
  ].join('\n');
  const sms = `${appName} - ${facts.projectName}: ${title}. ${facts.lines[0] ?? ''}`.trim().slice(0, 320);
  return { subject, text, html, sms };
}
