import { describe, expect, it } from 'vitest';
import { listSummary } from './list-summary';

describe('listSummary', () => {
  it('shows the exact total', () => {
    expect(listSummary({ total: 134, page: 2, limit: 20 }, 20)).toBe('21-40 / 134 kayıt');
    expect(listSummary({ total: 134, page: 7, limit: 20 }, 14)).toBe('121-134 / 134 kayıt');
    expect(listSummary({ total: 0, page: 1, limit: 20 }, 0)).toBe('0-0 / 0 kayıt');
  });

  it("shows a capped search total as '10.000+ kayıt'", () => {
    expect(listSummary({ total: 10_000, page: 1, limit: 20, totalCapped: true }, 20)).toBe('1-20 / 10.000+ kayıt');
    expect(listSummary({ total: 10_020, page: 501, limit: 20, totalCapped: true }, 20)).toBe('10.001-10.020 / 10.020+ kayıt');
  });
});
