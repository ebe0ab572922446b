import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { transportsOf } from './transports';

const config = (overrides: Record<string, string>) => loadConfig({}, { DATA_DIR: '/tmp/bonus-transports-test', APP_SECRET: 'a-secret-long-enough-for-the-config-check-0123456789', ...overrides });

describe('which notification channels the settings screen offers', () => {
  it('in demo mode without SMTP_URL e-mail is on and said to go to the log', () => {
    expect(transportsOf(config({ DEMO_INBOX: 'true' }))).toEqual({ email: true, sms: false, emailToLog: true });
  });
  it('with SMTP_URL e-mail is really sent', () => {
    expect(transportsOf(config({ DEMO_INBOX: 'true', SMTP_URL: 'smtp://mail.example.com:587' }))).toEqual({ email: true, sms: false, emailToLog: false });
  });
  it('without either, e-mail is off', () => {
    expect(transportsOf(config({ DEMO_INBOX: 'false', SMS_WEBHOOK_URL: 'https://sms.example.com/send' }))).toEqual({ email: false, sms: true, emailToLog: false });
  });
});
