import { describe, expect, it } from 'vitest';
import { photoSkinAge } from './photo-skin-age.ts';

describe('photoSkinAge', () => {
  it.each<[unknown, number | null]>([
    [{ assessed_skin_age: 52.5 }, 52.5],
    [{ assessed_skin_age: '52' }, null],
    [{ assessed_skin_age: Number.NaN }, null],
    [{ assessed_skin_age: 0 }, null],
    [{}, null],
    [null, null],
    [undefined, null],
    ['52', null],
  ])('%j → %s', (assessment, expected) => {
    expect(photoSkinAge(assessment)).toBe(expected);
  });
});
