/**
 * The shipped flow never lets placeholder art pass as proof: it shows no sample image at all (its
 * screens prove their point with a rating, quotes, a doctor's card and a chart), every image it does
 * show is a real file under public/, and the placeholder cartoons live only in Storybook's sample art,
 * so no build can ship one. No caption of an image claims a real person unless the image is real.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
  it('is gone: no image of the flow is a sample, and each is a real file under public/', () => {
    expect(found.filter((image) => image.sample).map((image) => image.where)).toEqual([]);
    expect(found.filter((image) => !existsSync(join('public', image.src))).map((image) => image.src)).toEqual([]);
  });

  it('lives only in Storybook: public/ (copied into every build) holds no cartoon', () => {
    const art = readdirSync('.storybook/sample-art/uploads');
    expect(art).toContain('doctor.svg');
    // public/uploads holds only brand marks the flows name (the build ships only those).
    expect(art.filter((file) => existsSync(join('public/uploads', file)))).toEqual([]);
  });

  it('is never captioned as a real person', () => {
    const claims = found.filter((image) => image.sample && image.captions.some((c) => /\breal\b/i.test(c)));
    expect(claims.map((image) => `${image.where}: ${image.captions.join(' / ')}`)).toEqual([]);
  });
});
