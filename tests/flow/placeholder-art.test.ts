/**
 * The shipped flow never lets placeholder art pass as proof: every cartoon under /uploads/ is marked
 * `"sample": true` (so it shows the 'Sample image' mark and flow:check warns), and no caption of a
 * sample image, or of a before/after pair holding one, claims a real person.
 */
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../support/load-flow.ts';

const flow = loadFlow();

interface Found {
  where: string;
  src: string;
  sample: boolean;
  captions: string[];
}

/** Every `{ src }` object under the screens, with the captions that speak for it. */
function images(value: unknown, where: string, captions: string[] = []): Found[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => images(item, `${where}/${i}`, captions));
  if (typeof value !== 'object' || value === null) return [];
  const own = 'caption' in value && typeof value.caption === 'string' ? [value.caption] : [];
  const here =
    'src' in value && typeof value.src === 'string'
      ? [
          {
            where,
            src: value.src,
            sample: 'sample' in value && value.sample === true,
            captions: [...captions, ...own],
          },
        ]
      : [];
  return [
    ...here,
    ...Object.entries(value).flatMap(([key, item]) => images(item, `${where}/${key}`, [...captions, ...own])),
  ];
}

const found = images(flow.screens, '/screens');

describe('placeholder art in the shipped flow', () => {
  it('is every image under /uploads/, and each is marked as a sample', () => {
    const uploads = found.filter((image) => image.src.startsWith('/uploads/'));
    expect(uploads.length).toBeGreaterThan(0);
    expect(uploads.filter((image) => !image.sample).map((image) => image.where)).toEqual([]);
  });

  it('is never captioned as a real person', () => {
    const claims = found.filter((image) => image.sample && image.captions.some((c) => /\breal\b/i.test(c)));
    expect(claims.map((image) => `${image.where}: ${image.captions.join(' / ')}`)).toEqual([]);
  });
});
