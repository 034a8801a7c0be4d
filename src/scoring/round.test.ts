import { describe, expect, it } from 'vitest';
import { round } from './round.ts';

describe('round', () => {
  it.each([
    [0.1 + 0.2, 1, 0.3],
    [1.45, 1, 1.5], // 1.45 is 1.4499999… in binary
    [0.1 * 3 + 3.7, 1, 4],
    [2.25, 1, 2.3],
    [-2.25, 1, -2.3],
    [50.4, 0, 50],
    [50.5, 0, 51],
    [68.8, 1, 68.8],
  ])('round(%d, %i) = %d', (value, decimals, expected) => {
    expect(round(value, decimals)).toBe(expected);
  });
});
