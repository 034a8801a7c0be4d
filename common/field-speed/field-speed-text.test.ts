import { describe, expect, it } from 'vitest';
import { fieldSpeedText, formatP75 } from './field-speed-text';

describe('field speed text', () => {
  it('prints each screen with its p75 and shares, and marks a poor one', () => {
    const lines = fieldSpeedText([
      {
        screen: 'age',
        metric: 'INP',
        device: 'all',
        connection: 'all',
        readings: 4,
        p75: 1040,
        shares: { good: 0.25, 'needs-improvement': 0, poor: 0.75 },
      },
      {
        screen: 'age',
        metric: 'CLS',
        device: 'mobile',
        connection: 'all',
        readings: 2,
        p75: 0.0312,
        shares: { good: 1, 'needs-improvement': 0, poor: 0 },
      },
    ]);
    expect(lines).toEqual([
      'Field speed per screen (p75; good / needs improvement / poor):',
      '  age  INP 1.0 s  25 % / 0 % / 75 %  (4 readings)  poor',
      '  age  mobile  CLS 0.03  100 % / 0 % / 0 %  (2 readings)',
    ]);
    expect(formatP75({ metric: 'LCP', p75: 812.4 })).toBe('812 ms');
    expect(formatP75({ metric: 'LCP', p75: null })).toBe('–');
    expect(fieldSpeedText([])).toEqual(['Field speed: no readings from visitors in this period.']);
  });
});
