import { demoInboxOn, type Config } from '../../config';

/** Which notification channels this server can deliver through (the toggles need them). */
export function transportsOf(config: Config): { email: boolean; sms: boolean; emailToLog: boolean } {
  const emailToLog = !config.SMTP_URL && demoInboxOn(config);
  return { email: Boolean(config.SMTP_URL) || emailToLog, sms: Boolean(config.SMS_WEBHOOK_URL), emailToLog };
}
