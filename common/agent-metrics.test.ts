import { describe, expect, it } from 'vitest';
import { computePerformance, loadPercent, loadTone, performanceLevel, performanceTone } from './agent-metrics';

describe('§9 agent thresholds', () => {
  it('load bar: red above 80 %, yellow above 60 %, green otherwise', () => {
    expect(loadTone(81)).toBe('red');
    expect(loadTone(80)).toBe('yellow');
    expect(loadTone(61)).toBe('yellow');
    expect(loadTone(60)).toBe('green');
    expect(loadPercent(4, 5)).toBe(80);
    expect(loadPercent(7, 5)).toBe(100);
  });
  it('performance: green at 90 or more, yellow at 80 or more, red below', () => {
    expect(performanceTone(90)).toBe('green');
    expect(performanceTone(89.9)).toBe('yellow');
    expect(performanceTone(80)).toBe('yellow');
    expect(performanceTone(79.9)).toBe('red');
    expect(performanceLevel(null)).toBeNull();
  });
  it('performance is the share within the SLA, one decimal, none without completions', () => {
    expect(computePerformance(3, 2)).toBe(66.7);
    expect(computePerformance(0, 0)).toBeNull();
  });
});
