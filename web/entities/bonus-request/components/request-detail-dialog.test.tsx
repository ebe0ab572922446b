import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { viewedRequest } from '@web/test/request-fixtures';
import { requestKeys } from '../api/request-queries';
import { RequestDetailDialog } from './request-detail-dialog';

describe('RequestDetailDialog: words, not codes', () => {
  it("translates a reason code and keeps internal ids and raw codes in 'Teknik bilgiler' only", async () => {
    const client = createQueryClient();
    // No customer: the customer's history panel stays out of this test.
    const request = viewedRequest({ id: 6, externalId: 'GOLD-103185', status: 'queued', requeueReason: 'lease_expired', customerId: null, userId: null, customerUsername: null });
    client.setQueryData(requestKeys.detail(1, 6), { request, events: [] });
    render(
      <QueryClientProvider client={client}>
        <RequestDetailDialog projectId={1} requestId={6} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: /GOLD-103185/ });
    expect(within(dialog).getByText('Üstlenme süresi doldu; talep kendiliğinden sıraya döndü')).toBeInTheDocument();
    const technical = within(dialog).getByText('Teknik bilgiler').closest('details')!;
    // Outside the technical part: no raw code, no internal number.
    const outside = dialog.textContent!.replace(technical.textContent!, '');
    expect(outside).not.toContain('lease_expired');
    expect(outside).not.toContain('#6');
    expect(technical).toHaveTextContent('lease_expired');
    expect(technical).toHaveTextContent('#6');
  });
});
