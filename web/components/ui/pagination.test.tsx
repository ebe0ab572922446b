import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows at most five pages, sliding around the current one', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('shows every page when there are few', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('has previous/next and at most five page buttons, the current one marked', () => {
    render(<Pagination page={4} totalPages={12} onPageChange={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Sayfalama' });
    expect(nav).toBeInTheDocument();
    const pageButtons = screen.getAllByRole('button', { name: /^Sayfa \d+$/ });
    expect(pageButtons.map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Sayfa 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Önceki' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sonraki' })).toBeEnabled();
  });

  it('moves with previous, next and a page number', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={4} totalPages={12} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Sonraki' }));
    await user.click(screen.getByRole('button', { name: 'Önceki' }));
    await user.click(screen.getByRole('button', { name: 'Sayfa 6' }));
    await user.click(screen.getByRole('button', { name: 'Sayfa 4' }));
    expect(onPageChange.mock.calls).toEqual([[5], [3], [6]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Önceki' })).toBeDisabled();
    rerender(<Pagination page={3} totalPages={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Sonraki' })).toBeDisabled();
  });
});
