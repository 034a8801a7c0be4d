/**
 * What a production build ships of the flow's logo (`theme.logo`, drawn before the brand name on every
 * screen): an SVG file is drawn once, at build time, as a PNG. A vector image in an <img> is a document
 * of its own to the browser, made and painted on the main thread: on a slow phone (4× CPU) Chrome spent
 * 130 ms creating the 142-byte mark's document and 45 ms painting it, right after the first question
 * showed, while a raster image is decoded off the main thread. Any other logo is shipped as it is; the
 * favicon stays the SVG.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** The wordmark draws the logo at 1em of its text, 20 CSS px; a phone draws 3 device pixels per CSS px. */
export const LOGO_PX = 64;

export interface RasterLogo {
  /** Where the page finds it (the build's base + fileName). */
  url: string;
  /** The file in the build's output. */
  fileName: string;
  png: Uint8Array;
}

/**
 * The PNG drawn from `logo` when it is an SVG file under `publicDir` (an address starting with `/`),
 * else undefined. Its name carries a hash of its content, so it is cached as long as the build's assets.
 */
export async function rasterLogo(
  logo: string | undefined,
  publicDir: string,
  base: string,
): Promise<RasterLogo | undefined> {
  if (logo === undefined || !logo.startsWith('/') || logo.startsWith('//') || !/\.svg$/i.test(logo))
    return undefined;
  const path = decodeURIComponent(logo);
  const svg = await readFile(join(publicDir, path));
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: LOGO_PX } }).render().asPng();
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 8);
  // A name that needs no escaping in an address.
  const name = basename(path).replace(/\.svg$/i, '').replace(/[^A-Za-z0-9_-]+/g, '-');
  const fileName = `assets/${name}-${hash}.png`;
  return { url: `${base.endsWith('/') ? base : `${base}/`}${fileName}`, fileName, png };
}
