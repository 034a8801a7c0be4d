/**
 * Turning a picked file into the small JPEG data URL the machine carries to the analysis (DESIGN §7:
 * downscaled and re-encoded in the browser, ≤ 300 KB). Kept apart from the renderer so the renderer
 * stays props in, events out, and so this part can be tested in a real browser on its own.
 */

/** Why a file was refused. */
export type PhotoProblem = 'too-large' | 'not-image';

/** The outcome of reading a picked file. */
export type PhotoReadResult = { ok: true; image: string } | { ok: false; problem: PhotoProblem };

/** A width and height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Longest side of the photo sent for analysis: enough for a face detector, small to upload. */
export const MAX_SIDE = 1024;

/** What DESIGN §7 allows a photo to weigh before upload. */
export const MAX_OUTPUT_BYTES = 300 * 1024;

/**
 * JPEG qualities tried in order. 0.85 keeps fine texture; the lower ones only run when a photo is so
 * noisy (high-ISO, grainy filter) that 0.85 would break the upload budget.
 */
const JPEG_QUALITIES = [0.85, 0.7, 0.55] as const;

/**
 * The size of a `width`×`height` image scaled to fit in `maxSide`×`maxSide`, keeping its aspect.
 * The long side becomes exactly `maxSide`; an image that already fits is left alone (never upscaled).
 */
export function fitWithin(width: number, height: number, maxSide: number): Size {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const scale = maxSide / longSide;
  return width >= height
    ? { width: maxSide, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: maxSide };
}

/**
 * The canvas sizes to draw, in order, to bring a `width`×`height` image to
 * `fitWithin(width, height, maxSide)`. Each step is at most 2× smaller than the one before on either
 * side, because one big jump with bilinear smoothing skips source pixels (aliasing), and it means a
 * 12 MP photo goes through a 3 MP canvas rather than a full-size copy, which phones may refuse to
 * allocate. The last entry is always the target, so an image that already fits gets one step at its
 * own size (the draw that re-encodes it).
 */
export function downscaleSteps(width: number, height: number, maxSide: number): Size[] {
  const target = fitWithin(width, height, maxSide);
  const steps: Size[] = [];
  let current: Size = { width, height };
  while (current.width > 2 * target.width || current.height > 2 * target.height) {
    current = {
      width: Math.max(target.width, Math.ceil(current.width / 2)),
      height: Math.max(target.height, Math.ceil(current.height / 2)),
    };
    steps.push(current);
  }
  steps.push(target);
  return steps;
}

/** A decoded picture, upright, and how to free it. */
interface Decoded {
  image: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/** The part of a 2D context used here, shared by the canvas element's and OffscreenCanvas's. */
interface Pen {
  fillStyle: string | CanvasGradient | CanvasPattern;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: ImageSmoothingQuality;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: CanvasImageSource, dx: number, dy: number, dw: number, dh: number): void;
}

/** One canvas of one step. */
interface Surface {
  image: CanvasImageSource;
  pen: Pen;
  toJpeg(quality: number): Promise<Blob | null>;
  release(): void;
}

function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

async function decodeWithBitmap(file: Blob): Promise<Decoded | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    // 'from-image' turns a phone photo upright by its EXIF orientation before anything is measured.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { image: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch {
    return null;
  }
}

/**
 * For browsers without createImageBitmap, or whose createImageBitmap refuses a format their `<img>`
 * shows (HEIC in Safari, some SVGs). A data URL rather than an object URL: nothing to revoke, and
 * it is also what is sent when this browser cannot re-encode (see `readPhoto`).
 */
function decodeWithImg(dataUrl: string): Promise<Decoded | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () =>
      resolve({
        image: img,
        width: img.naturalWidth,
        height: img.naturalHeight,
        // An element has nothing to close: its pixels go with the last reference to it.
        release: () => undefined,
      });
    img.onerror = () => resolve(null);
    try {
      img.src = dataUrl;
    } catch {
      resolve(null);
    }
  });
}

/** A canvas of `size`, offscreen where the browser has a 2D OffscreenCanvas; null if none can be made. */
function createSurface({ width, height }: Size): Surface | null {
  try {
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const pen = canvas.getContext('2d');
      if (pen) {
        return {
          image: canvas,
          pen,
          toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }).catch(() => null),
          // A zero-sized canvas gives its backing memory back at once, not at the next GC.
          release: () => {
            canvas.width = 0;
            canvas.height = 0;
          },
        };
      }
    }
    if (typeof document === 'undefined') return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const pen = canvas.getContext('2d');
    if (!pen) return null;
    return {
      image: canvas,
      pen,
      toJpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
      release: () => {
        canvas.width = 0;
        canvas.height = 0;
      },
    };
  } catch {
    return null;
  }
}

/** Encodes at the first quality that fits the budget, else at the lowest one tried. */
async function encodeJpeg(surface: Surface): Promise<Blob | null> {
  let smallest: Blob | null = null;
  for (const quality of JPEG_QUALITIES) {
    const blob = await surface.toJpeg(quality);
    if (blob === null || blob.type !== 'image/jpeg') return null;
    if (blob.size <= MAX_OUTPUT_BYTES) return blob;
    if (smallest === null || blob.size < smallest.size) smallest = blob;
  }
  return smallest;
}

/**
 * Draws `decoded` down to at most `MAX_SIDE` in halving steps and encodes it as JPEG, which also
 * leaves EXIF (GPS, camera) behind. Null when this browser cannot make or encode a canvas.
 */
async function downscaleToJpeg(decoded: Decoded): Promise<Blob | null> {
  const { width, height } = decoded;
  if (!(width > 0 && height > 0)) return null;
  let source: CanvasImageSource = decoded.image;
  let previous: Surface | null = null;
  try {
    for (const size of downscaleSteps(width, height, MAX_SIDE)) {
      const surface = createSurface(size);
      if (surface === null) return null;
      const { pen } = surface;
      // JPEG has no transparency: a transparent PNG would otherwise turn black.
      pen.fillStyle = '#fff';
      pen.fillRect(0, 0, size.width, size.height);
      pen.imageSmoothingEnabled = true;
      pen.imageSmoothingQuality = 'high';
      pen.drawImage(source, 0, 0, size.width, size.height);
      // Free each step as soon as the next holds its pixels; the full-size decode goes first.
      if (previous === null) decoded.release();
      else previous.release();
      previous = surface;
      source = surface.image;
    }
    return previous === null ? null : await encodeJpeg(previous);
  } finally {
    previous?.release();
  }
}

/**
 * Reads a picked photo as a JPEG data URL at most `MAX_SIDE` px on its long side, upright, without
 * metadata. Refuses a file above `maxBytes` (checked first, without reading a byte) or one that this
 * browser cannot decode as an image, whatever its name or type claims. If the browser decodes the
 * photo but cannot re-encode it (no 2D canvas, e.g. out of canvas memory), the original file is
 * returned as is, so the visitor is not stopped by the browser's limits.
 */
export async function readPhoto(file: File, maxBytes?: number): Promise<PhotoReadResult> {
  if (maxBytes !== undefined && file.size > maxBytes) return { ok: false, problem: 'too-large' };

  let original: string | null = null;
  let decoded = await decodeWithBitmap(file);
  if (decoded === null) {
    original = await readAsDataUrl(file);
    decoded = original === null ? null : await decodeWithImg(original);
  }
  if (decoded === null) return { ok: false, problem: 'not-image' };

  let jpeg: Blob | null;
  try {
    jpeg = await downscaleToJpeg(decoded);
  } finally {
    decoded.release();
  }
  const image = jpeg === null ? (original ?? (await readAsDataUrl(file))) : await readAsDataUrl(jpeg);
  return image === null ? { ok: false, problem: 'not-image' } : { ok: true, image };
}
