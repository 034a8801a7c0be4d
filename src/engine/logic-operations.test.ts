import { describe, expect, it } from 'vitest';
import { logic } from './logic-operations.ts';

const run = (rule: unknown, data: unknown = {}) => logic.apply(rule as never, data);

describe('registered json-logic operations', () => {
  const table = { a: 2, b: 1.5, c: 3, none: 0 };

  it('lookup reads own keys only, with a fallback', () => {
    expect(run({ lookup: ['b', { var: 't' }] }, { t: table })).toBe(1.5);
    expect(run({ lookup: ['zz', { var: 't' }, 'x'] }, { t: table })).toBe('x');
    expect(run({ lookup: ['toString', { var: 't' }] }, { t: table })).toBeNull();
  });

  it('points sums a multi-select once per value, with a default for values the table lacks', () => {
    expect(run({ points: [{ var: 'v' }, { var: 't' }] }, { v: ['a', 'b', 'a'], t: table })).toBe(3.5);
    expect(run({ points: [{ var: 'v' }, { var: 't' }] }, { v: 'c', t: table })).toBe(3);
    expect(run({ points: [{ var: 'v' }, { var: 't' }, 1.2] }, { v: ['a', 'q', 'none'], t: table })).toBe(3.2);
    expect(run({ points: [{ var: 'v' }, { var: 't' }] }, { v: 42, t: table })).toBe(0);
  });

  it('rank orders chosen values by score, ties in table order; pick maps them', () => {
    const data = { v: ['b', 'c', 'a', 'zz'], t: { a: 3, b: 1, c: 3 } };
    expect(run({ rank: [{ var: 'v' }, { var: 't' }] }, data)).toEqual(['a', 'c', 'b']);
    expect(run({ pick: [['c', 'zz'], { var: 'l' }] }, { l: { c: 'C' } })).toEqual(['C']);
  });

  it('clamp, round (noise-free, half away from zero), band', () => {
    expect(run({ clamp: [120, 10, 95] })).toBe(95);
    expect(run({ round: [1.45, 1] })).toBe(1.5);
    expect(run({ round: [-2.5] })).toBe(-3);
    const bands = [[80, 'Very High'], [65, 'High']];
    expect(run({ band: [80, bands, 'Low'] })).toBe('Very High');
    expect(run({ band: [79.9, bands, 'Low'] })).toBe('High');
    expect(run({ band: [10, bands, 'Low'] })).toBe('Low');
  });

  it('distinct, without, count, compact, take, number', () => {
    const data = { x: ['hot', 'none', 'mood'], y: ['hot', 'cold', 7], z: 'not-a-list' };
    expect(run({ distinct: [{ var: 'x' }, { var: 'y' }, { var: 'z' }] }, data)).toEqual(['hot', 'none', 'mood', 'cold']);
    expect(run({ count: { without: [{ distinct: [{ var: 'x' }, { var: 'y' }] }, ['none']] } }, data)).toBe(3);
    expect(run({ compact: [[1, { if: [false, 2, null] }, 3]] })).toEqual([1, 3]);
    expect(run({ take: [[1, 2, 3, 4], 2] })).toEqual([1, 2]);
    expect(run({ number: [{ var: 'a' }, 50] }, { a: '45' })).toBe(50);
    expect(run({ number: [{ var: 'a' }, 50] }, { a: 45 })).toBe(45);
  });

  it('fill fills placeholders from the data', () => {
    expect(run({ fill: [['Score: {result.s}%']] }, { result: { s: 40 } })).toEqual(['Score: 40%']);
  });
});

describe('safety', () => {
  it('var cannot reach a prototype or a constructor', () => {
    const data = { answers: { age: 40 } };
    expect(run({ var: 'answers.__proto__' }, data)).toBeNull();
    expect(run({ var: 'answers.constructor' }, data)).toBeNull();
    expect(run({ var: 'answers.constructor.constructor' }, data)).toBeNull();
    expect(run({ var: 'answers.toString' }, data)).toBeNull();
    expect(run({ var: ['answers.__proto__.polluted', 'safe'] }, data)).toBe('safe');
    expect(run({ var: 'answers.age' }, data)).toBe(40);
  });

  it('log is not an operation (it would print answers)', () => {
    expect(() => run({ log: 'x' })).toThrow(/Unrecognized operation log/);
  });
});
