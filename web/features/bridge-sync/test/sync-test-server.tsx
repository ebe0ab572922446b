import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SyncLog, SyncStatus } from '@common/schemas/bridge-sync';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';

export const idleStatus: SyncStatus = { isRunning: false, statistics: { total: 0, success: 0, partial: 0, failed: 0 }, latestSync: null, current: null };

export function syncLog(overrides: Partial<SyncLog> = {}): SyncLog {
  return {
    id: 1,
    projectId: 1,
    syncType: 'bonus',
    status: 'success',
    forceFullSync: false,
    dateFrom: null,
    dateTo: null,
    trigger: 'manual',
    startedByUserId: 3,
    startedByName: 'Elif Demir',
    startedAt: '2024-10-05T09:30:00.000Z',
    finishedAt: '2024-10-05T09:30:04.000Z',
    errorMessage: null,
    rowsTotal: 80,
    rowsRead: 80,
    rowsWritten: 80,
    rowsFailed: 0,
    errors: [],
    ...overrides,
  };
}

/** A fake server for the sync endpoints of project 1; `start` answers the POSTs. */
export function syncServer(options: { status?: () => SyncStatus; logs?: () => SyncLog[] | Promise<SyncLog[]>; start?: (call: RecordedCall) => Response | Promise<Response> } = {}) {
  return mockFetch(async (call) => {
    if (call.url.startsWith('/api/bridge/projects/1/sync/status')) return json(200, { success: true, data: (options.status ?? (() => idleStatus))() });
    if (call.url.startsWith('/api/bridge/projects/1/sync/logs')) {
      const items = await (options.logs ?? (() => []))();
      return json(200, { success: true, data: { items, total: items.length, page: 1, limit: 10, totalPages: 1 } });
    }
    if (call.method === 'POST') return options.start?.(call) ?? json(202, { success: true, data: syncLog({ status: 'running', finishedAt: null }) });
    return json(404, { success: false, message: 'Kayıt bulunamadı' });
  });
}

export function renderWithQuery(ui: ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}
