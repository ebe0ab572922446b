import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_TEXT } from '@common/analytics';
import { exportRequests } from '@common/contract/reports';
import { downloadEndpointFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { json, mockFetch } from '@web/test/fetch-mock';
import { DEFAULT_TABLE_STATE } from '../model/table-url-state';
import { ExportRequestsButton } from './export-requests-button';

describe('ExportRequestsButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the server’s Turkish message when too many exports run at once (429), and may be tried again', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => json(429, { success: false, code: 'EXPORT_BUSY', message: ANALYTICS_TEXT.exportBusy }));
    render(<ExportRequestsButton projectId={1} state={DEFAULT_TABLE_STATE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dışa Aktar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Excel indir' }));

    expect(await screen.findByText(ANALYTICS_TEXT.exportBusy)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith('Dosya indirilemedi', ANALYTICS_TEXT.exportBusy);
    expect(calls[0]!.url).toMatch(/^\/api\/bonus\/projects\/1\/requests\/export\?.*format=excel/);
    expect(screen.getByRole('button', { name: 'Excel indir' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'CSV indir' })).toBeEnabled();
  });

  it('the refusal carries the server’s code, for screens that decide by it', async () => {
    mockFetch(() => json(429, { success: false, code: 'EXPORT_BUSY', message: ANALYTICS_TEXT.exportBusy }));
    const refused = downloadEndpointFile(exportRequests, { params: { projectId: 1 }, query: { format: 'csv' } }, () => undefined);
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'EXPORT_BUSY', message: ANALYTICS_TEXT.exportBusy });
  });
});
