/**
 * Issue 18's attacks against the local server, each with page requests timed while it runs: the GIF
 * frame bombs (a 64 × 64 screen hiding a 65535² or 20000² frame) are refused with 400 in under 1 s,
 * the 1 MB PNG that inflates to 1 GiB is refused in under 1 s, and pages keep being answered in under
 * 100 ms (the median of the page requests made during the attack; the slowest is bounded too, far
 * below the 31 s the GIF bomb used to freeze the server for). Warmed up first: the pool's worker is
 * started and has analysed a photo before anything is timed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifWithFrames } from '../../supabase/functions/_shared/image-bytes.test-helpers.ts';
import { pngInflateBomb } from '../face/image-bombs.test-helpers.ts';
import {
  median,
  pagesDuring,
  samplePhoto,
  startPoolServer,
  type PoolServer,
} from './pool-server.test-helpers.ts';

let server: PoolServer;

beforeAll(async () => {
  // Patient limits for the real analyses, so a loaded machine cannot fail the warm-up; the attacks
  // here are refused before any deadline matters.
  server = await startPoolServer({ deadlineMs: 60_000, maxWaitMs: 120_000 });
  await server.page();
  const warm = await server.analyse(samplePhoto, 'image/jpeg');
  expect(warm.status).toBe(200);
}, 180_000);

afterAll(() => server.close());

const frame = (width: number, height: number) => ({ left: 0, top: 0, width, height });

describe('attacks, with page requests timed during each', () => {
  it.each([
    ['65535 × 65535', gifWithFrames(64, 64, [frame(65535, 65535)], [0x2c, 0, 0, 0, 0, 0, 0, 0])],
    ['20000 × 20000', gifWithFrames(64, 64, [frame(20000, 20000)], [0x2c, 0, 0, 0, 0, 0, 0, 0])],
  ])('refuses the GIF hiding a %s frame with 400 in under 1 s', async (size, gif) => {
    const { result, pages } = await pagesDuring(server, () => server.analyse(gif, 'image/gif'));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: {
        code: 'image_dimensions_too_large',
        field: 'imageUrl',
        message: expect.stringContaining(`GIF frame 1 is ${size} pixels`),
      },
    });
    expect(result.ms).toBeLessThan(1000);
    expect(median(pages)).toBeLessThan(100);
    expect(Math.max(...pages)).toBeLessThan(1000);
  });

  it('refuses the 1 MB interlaced PNG that inflates to 1 GiB in under 1 s', async () => {
    const { result, pages } = await pagesDuring(server, () => server.analyse(pngInflateBomb(), 'image/png'));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: {
        code: 'corrupt_image',
        field: 'imageUrl',
        message: expect.stringContaining('inflates to more than'),
      },
    });
    expect(result.ms).toBeLessThan(1000);
    expect(median(pages)).toBeLessThan(100);
  });

  it('answers pages while a real photo is analysed in the worker', async () => {
    const { result, pages } = await pagesDuring(server, () => server.analyse(samplePhoto, 'image/jpeg'));
    expect(result.status).toBe(200);
    expect(pages.length).toBeGreaterThan(1);
    expect(median(pages)).toBeLessThan(100);
  }, 60_000);
});
