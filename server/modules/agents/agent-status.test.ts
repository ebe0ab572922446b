import { describe, expect, it } from 'vitest';
import { AGENT_THRESHOLDS } from '@common/constants';
import { deriveAgentStatus } from './agent-status';

const now = new Date('2025-01-01T12:00:00Z');
const base = { sockets: 1, manualStatus: null, currentLoad: 0, maxLoad: 5, lastActivityAt: now, now };

describe('agent status (§4)', () => {
  it('is offline without a socket, whatever was set by hand', () => {
    expect(deriveAgentStatus({ ...base, sockets: 0 })).toBe('offline');
    expect(deriveAgentStatus({ ...base, sockets: 0, manualStatus: 'busy' })).toBe('offline');
  });
  it('takes the manual status while connected (a force offline is one)', () => {
    expect(deriveAgentStatus({ ...base, manualStatus: 'offline' })).toBe('offline');
    expect(deriveAgentStatus({ ...base, manualStatus: 'away' })).toBe('away');
  });
  it('is busy at capacity, away after the quiet threshold, otherwise online', () => {
    expect(deriveAgentStatus({ ...base, currentLoad: 5 })).toBe('busy');
    const quiet = new Date(now.getTime() - AGENT_THRESHOLDS.awayAfterMs);
    expect(deriveAgentStatus({ ...base, lastActivityAt: quiet })).toBe('away');
    expect(deriveAgentStatus({ ...base, lastActivityAt: new Date(quiet.getTime() + 1000) })).toBe('online');
  });
});
