import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_DEFINITION } from '@common/agent-metrics';
import { LoadBar, PerformanceValue } from './agent-indicators';

describe('agent indicators (§9)', () => {
  it.each([
    [5, 5, 'red'],
    [9, 10, 'red'],
    [4, 5, 'yellow'],
    [7, 10, 'yellow'],
    [3, 5, 'green'],
    [0, 5, 'green'],
  ])('load %i/%i is %s', (current, max, tone) => {
    render(<LoadBar current={current} max={max} />);
    expect(screen.getByRole('meter', { name: 'Yük' })).toHaveAttribute('data-tone', tone);
  });

  it("says when the capacity is the project's default rather than the agent's own", () => {
    const { unmount } = render(<LoadBar current={2} max={5} projectDefault />);
    expect(screen.getByText('(varsayılan)')).toBeInTheDocument();
    unmount();
    render(<LoadBar current={2} max={5} />);
    expect(screen.queryByText('(varsayılan)')).not.toBeInTheDocument();
  });

  it.each([
    [95, 'green'],
    [90, 'green'],
    [85, 'yellow'],
    [80, 'yellow'],
    [79.9, 'red'],
  ])('performance %f is %s, with its definition as a tooltip', (value, tone) => {
    render(<PerformanceValue value={value} />);
    expect(screen.getByTestId('agent-performance')).toHaveAttribute('data-tone', tone);
    expect(screen.getByRole('button', { name: 'Performans nasıl hesaplanır?' })).toHaveAccessibleDescription(PERFORMANCE_DEFINITION);
  });

  it('shows a dash, not a number, when nothing was completed', () => {
    render(<PerformanceValue value={null} />);
    expect(screen.getByTestId('agent-performance')).toHaveTextContent('—');
  });
});
