import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESK } from '@common/constants';
import { GuardedButton } from './guarded-button';

describe('GuardedButton', () => {
  afterEach(() => vi.useRealTimers());

  it('says through data-armed when a pointer click counts again after it appeared', () => {
    vi.useFakeTimers();
    render(<GuardedButton onClick={() => undefined}>Üzerime Al</GuardedButton>);
    const button = screen.getByRole('button', { name: 'Üzerime Al' });
    expect(button).toHaveAttribute('data-armed', 'false');
    act(() => vi.advanceTimersByTime(DESK.freshActionGuardMs - 1));
    expect(button).toHaveAttribute('data-armed', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAttribute('data-armed', 'true');
  });
});
