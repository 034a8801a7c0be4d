/**
 * The production build's logo: an SVG under public/ is drawn as a PNG (lib/raster-logo.ts); anything
 * else is shipped as it is.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGO_PX, rasterLogo } from './raster-logo.ts';

const MARK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="12" fill="#8a3a5c"/></svg>';

function publicDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'raster-logo-'));
  mkdirSync(join(dir, 'uploads'));
  writeFileSync(join(dir, 'uploads', 'brand mark.svg'), MARK);
  return dir;
}

/** A PNG's signature and its width and height (the IHDR chunk, right after the signature). */
function pngSize(png: Uint8Array): { signature: string; width: number; height: number } {
  const view = Buffer.from(png);
  return { signature: view.subarray(1, 4).toString('latin1'), width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('rasterLogo', () => {
  it('draws an SVG logo as a PNG at three times the wordmark size, named by its content', async () => {
    const logo = await rasterLogo('/uploads/brand%20mark.svg', publicDir(), '/');
    expect(logo).toBeDefined();
    expect(pngSize(logo!.png)).toEqual({ signature: 'PNG', width: LOGO_PX, height: LOGO_PX });
    expect(logo!.fileName).toMatch(/^assets\/brand-mark-[0-9a-f]{8}\.png$/);
    expect(logo!.url).toBe(`/${logo!.fileName}`);
    // The same drawing, the same name (the client build and the pages' drawing agree).
    expect((await rasterLogo('/uploads/brand%20mark.svg', publicDir(), '/'))!.fileName).toBe(logo!.fileName);
  });

  it("puts the build's base before the file", async () => {
    const logo = await rasterLogo('/uploads/brand%20mark.svg', publicDir(), '/funnel');
    expect(logo!.url).toBe(`/funnel/${logo!.fileName}`);
  });

  it('refuses an SVG it cannot read, with the reason and where', async () => {
    const dir = publicDir();
    writeFileSync(join(dir, 'uploads', 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0');
    await expect(rasterLogo('/uploads/broken.svg', dir, '/')).rejects.toThrow(/SVG data parsing failed .*1:\d+/);
  });

  it('leaves a raster logo, an address elsewhere and no logo as they are', async () => {
    const dir = publicDir();
    expect(await rasterLogo('/uploads/mark.png', dir, '/')).toBeUndefined();
    expect(await rasterLogo('https://cdn.example.com/mark.svg', dir, '/')).toBeUndefined();
    expect(await rasterLogo('//cdn.example.com/mark.svg', dir, '/')).toBeUndefined();
    expect(await rasterLogo(undefined, dir, '/')).toBeUndefined();
  });
});
