import { describe, expect, it } from 'vitest';
import { errorSummary } from './error-summary.ts';

describe('errorSummary', () => {
  it('keeps the error name and message', () => {
    expect(errorSummary(new TypeError('Unrecognized operation ='))).toBe('TypeError: Unrecognized operation =');
  });

  it('masks emails, long numbers and opaque tokens', () => {
    const line = errorSummary(
      new Error('bad value "ann.lee@example.com" for 07700900123, key eyJhbGciOiJIUzI1NiJ9abcdefghijklmnop'),
    );
    expect(line).toBe('Error: bad value "[email]" for [number], key [token]');
  });

  it('describes a thrown non-error and cuts long messages', () => {
    expect(errorSummary(42)).toBe('number');
    expect(errorSummary(new Error('x '.repeat(300))).length).toBe(200);
  });
});
