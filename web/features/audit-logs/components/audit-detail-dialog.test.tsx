import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '@common/schemas/audit';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { AuditDetailDialog } from './audit-detail-dialog';

const row: AuditLog = {
  id: 77,
  timestamp: '2026-11-27T10:00:00.000Z',
  userId: 3,
  username: 'sistem',
  action: 'REQUEUE_BONUS_REQUEST',
  resource: 'bonus_request',
  resourceId: '2825',
  resourceName: 'GOLD-103185',
  severity: 'low',
  category: 'data',
  details: { previousAssignee: 5, reason: 'lease_expired' },
  ipAddress: null,
  projectId: 1,
  people: { '5': 'Ayşe Yılmaz' },
};

describe('AuditDetailDialog', () => {
  it('names the request by its reference and the person by name, translates the reason; raw codes only under Teknik bilgiler', async () => {
    mockFetch(() => json(200, { success: true, data: row }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditDetailDialog projectId={1} log={row} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Talep GOLD-103185')).toBeVisible();
    expect(within(dialog).getByText('Ayşe Yılmaz')).toBeVisible();
    expect(within(dialog).getByText('Üstlenme süresi doldu; talep kendiliğinden sıraya döndü')).toBeVisible();
    expect(within(dialog).queryByText('lease_expired')).toBeNull();
    expect(within(dialog).queryByText(/#2825/)).toBeNull();
    expect(within(dialog).getByText('2825')).not.toBeVisible();
    expect(within(dialog).getByText('REQUEUE_BONUS_REQUEST')).not.toBeVisible();
  });
});
