import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_PLACEHOLDER, SearchBox } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the spec placeholder and searches once typing pauses', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} />);
    const box = screen.getByPlaceholderText(SEARCH_PLACEHOLDER);
    expect(SEARCH_PLACEHOLDER).toBe('Kullanıcı ID veya açıklama ara...');
    fireEvent.change(box, { target: { value: 'ay' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(box, { target: { value: 'ayşe' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ayşe');
  });

  it('shows a value that arrives from the URL (back button, shared link)', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="" onSearch={onSearch} />);
    rerender(<SearchBox value="çelik" onSearch={onSearch} />);
    expect(screen.getByPlaceholderText(SEARCH_PLACEHOLDER)).toHaveValue('çelik');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
