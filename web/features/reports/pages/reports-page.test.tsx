import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '@common/contract/reports';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { ReportsPage } from './reports-page';

const REPORT: Report = {
  type: 'bonus',
  project: { id: 1, code: 'GOLD', name: 'Altın Şans Casino' },
  period: { from: '2026-11-01', to: '2026-11-30', days: 30, label: '2026-11' },
  totalRequests: 1616,
  completedRequests: 1443,
  totalAmount: '1552498.80',
  completionRate: 89.3,
  successRate: 95.1,
  averageProcessingTime: 125,
  medianProcessingTime: 40,
  p90ProcessingTime: 3 * 24 * 60 + 4 * 60 + 30,
  dailyAverage: 53.9,
  requeueCount: 12,
  statusCounts: {},
  topAgents: [],
  approvals: { approved: 0, rejected: 0, waiting: 0, medianApprovalMinutes: null },
  parts: [
    {
      key: 'daily',
      title: 'Günlük',
      columns: [{ key: 'day', label: 'Gün', kind: 'date' }, { key: 'created', label: 'Talep', kind: 'int' }],
      rows: [{ day: '2026-11-01', created: 54 }],
    },
  ],
};

describe('ReportsPage', () => {
  afterEach(() => signOutStore());

  it('names the period and the days of its tables in Turkish dates, and its durations in the one format', async () => {
    signInAs('manager');
    mockFetch(() => json(200, { success: true, data: REPORT }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportsPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Altın Şans Casino · 1 Kas 2026 – 30 Kas 2026')).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-01/)).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Günlük' })).getByText('1 Kas 2026')).toBeInTheDocument();
    expect(screen.getByText('2 sa 5 dk')).toBeInTheDocument();
    expect(screen.getByText('3 gün 4 sa')).toBeInTheDocument();
  });
});
