import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPROVAL_FIGURE_LABELS as L } from '@common/analytics';
import { ApprovalTiles } from './approval-tiles';

/** The tile of a label: its card (the label's paragraph sits in the card's first row). */
const tile = (label: string) => screen.getByText(label).closest('[class*="p-5"]') as HTMLElement;

describe('approval tiles (reports, advanced dashboard)', () => {
  it('shows the four figures, the median in the screens’ duration format', () => {
    render(<ApprovalTiles figures={{ approved: 1234, rejected: 2, waiting: 5, medianApprovalMinutes: 125 }} period="Son 30 gün" />);
    expect(screen.getByText(L.title)).toBeInTheDocument();
    expect(screen.getByText('Son 30 gün')).toBeInTheDocument();
    expect(within(tile(L.approved)).getByText('1.234')).toBeInTheDocument();
    expect(within(tile(L.rejected)).getByText('2')).toBeInTheDocument();
    expect(within(tile(L.waiting)).getByText('5')).toBeInTheDocument();
    expect(within(tile(L.waiting)).getByText(L.waitingHint)).toBeInTheDocument();
    expect(within(tile(L.medianApprovalMinutes)).getByText('2 sa 5 dk')).toBeInTheDocument();
  });

  it("no approval given yet: the median says 'N/A' with 'Veri bulunamadı', the counts stay", () => {
    render(<ApprovalTiles figures={{ approved: 0, rejected: 1, waiting: 3, medianApprovalMinutes: null }} />);
    expect(within(tile(L.medianApprovalMinutes)).getByText('N/A')).toBeInTheDocument();
    expect(within(tile(L.medianApprovalMinutes)).getByText('Veri bulunamadı')).toBeInTheDocument();
    expect(within(tile(L.waiting)).getByText('3')).toBeInTheDocument();
  });

  it('while loading: the tiles are busy placeholders, no figure and no N/A', () => {
    const { container } = render(<ApprovalTiles figures={undefined} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByText(L.approved)).toBeInTheDocument();
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('empty period with nothing waiting: one empty message instead of four zeros', () => {
    render(<ApprovalTiles figures={{ approved: 0, rejected: 0, waiting: 0, medianApprovalMinutes: null }} />);
    expect(screen.getByText(L.empty)).toBeInTheDocument();
    expect(screen.queryByText(L.approved)).not.toBeInTheDocument();
  });

  it("a failed load says so, with the server's message and 'Tekrar Dene'", async () => {
    const onRetry = vi.fn();
    render(<ApprovalTiles figures={undefined} error={new Error('Sunucuya ulaşılamadı')} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(L.loadFailed)).toBeInTheDocument();
    expect(within(alert).getByText('Sunucuya ulaşılamadı')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar Dene' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText(L.approved)).not.toBeInTheDocument();
  });
});
