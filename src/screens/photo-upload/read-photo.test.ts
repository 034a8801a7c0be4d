// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_OUTPUT_BYTES, MAX_SIDE, downscaleSteps, fitWithin, readPhoto, type Size } from './read-photo.ts';

describe('fitWithin', () => {
  it('brings a landscape photo to maxSide wide, keeping its aspect', () => {
    expect(fitWithin(4000, 3000, 1024)).toEqual({ width: 1024, height: 768 });
  });

  it('brings a portrait photo to maxSide high, keeping its aspect', () => {
    expect(fitWithin(3024, 4032, 1024)).toEqual({ width: 768, height: 1024 });
  });

  it('brings a square photo to maxSide on both sides', () => {
    expect(fitWithin(2048, 2048, 1024)).toEqual({ width: 1024, height: 1024 });
  });

  it('leaves a photo that already fits alone, and never upscales', () => {
    expect(fitWithin(300, 200, 1024)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(1024, 700, 1024)).toEqual({ width: 1024, height: 700 });
    expect(fitWithin(1, 1, 1024)).toEqual({ width: 1, height: 1 });
  });

  it('keeps a very thin panorama at least one pixel high', () => {
    expect(fitWithin(100_000, 10, 1024)).toEqual({ width: 1024, height: 1 });
  });
});

describe('downscaleSteps', () => {
  const cases: [number, number][] = [
    [4000, 3000],
    [3000, 4000],
    [4032, 3024],
    [8000, 6000],
    [12_000, 9000],
    [2049, 2049],
    [2048, 1536],
    [2047, 5],
    [100_000, 10],
    [1025, 3],
    [1024, 768],
    [300, 200],
    [1, 1],
  ];

  it.each(cases)('%i×%i: never shrinks a side by more than 2× per step and ends at the target', (w, h) => {
    const steps = downscaleSteps(w, h, MAX_SIDE);
    expect(steps.at(-1)).toEqual(fitWithin(w, h, MAX_SIDE));
    let previous: Size = { width: w, height: h };
    for (const step of steps) {
      expect(step.width).toBeLessThanOrEqual(previous.width);
      expect(step.height).toBeLessThanOrEqual(previous.height);
      expect(step.width * 2).toBeGreaterThanOrEqual(previous.width);
      expect(step.height * 2).toBeGreaterThanOrEqual(previous.height);
      previous = step;
    }
  });

  it('takes a 12 MP photo through one 3 MP canvas, not a full-size one', () => {
    expect(downscaleSteps(4000, 3000, 1024)).toEqual([
      { width: 2000, height: 1500 },
      { width: 1024, height: 768 },
    ]);
  });

  it('draws a photo that already fits once, at its own size', () => {
    expect(downscaleSteps(300, 200, 1024)).toEqual([{ width: 300, height: 200 }]);
  });
});

/** A stand-in 2D context recording what is drawn with it. */
class FakeContext {
  fillStyle = '';
  imageSmoothingEnabled = false;
  imageSmoothingQuality = 'low';
  filled = false;
  draws: { image: unknown; width: number; height: number }[] = [];
  fillRect() {
    this.filled = true;
  }
  drawImage(image: unknown, _x: number, _y: number, width: number, height: number) {
    this.draws.push({ image, width, height });
  }
}

/** A stand-in OffscreenCanvas (jsdom has no canvas) whose JPEGs weigh `encodedSizes`, in turn. */
class FakeCanvas {
  static made: FakeCanvas[] = [];
  static encodedSizes: number[] = [MAX_OUTPUT_BYTES - 1];
  context = new FakeContext();
  qualities: number[] = [];
  constructor(
    public width: number,
    public height: number,
  ) {
    FakeCanvas.made.push(this);
  }
  getContext() {
    return this.context;
  }
  convertToBlob({ quality }: { quality: number }) {
    const size = FakeCanvas.encodedSizes[this.qualities.length] ?? 1;
    this.qualities.push(quality);
    return Promise.resolve(new Blob([new Uint8Array(size)], { type: 'image/jpeg' }));
  }
}

/** An `<img>` stand-in that loads, as `width`×`height`, or fails. */
function fakeImage(outcome: 'load' | 'error', width = 0, height = 0) {
  return class {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = width;
    naturalHeight = height;
    set src(_url: string) {
      setTimeout(() => (outcome === 'load' ? this.onload?.() : this.onerror?.()), 0);
    }
    removeAttribute() {}
  };
}

function fakeBitmap(width: number, height: number) {
  return { width, height, close: vi.fn() };
}

const jpegFile = (size = 1000, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], 'photo.jpg', { type });

describe('readPhoto', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeCanvas.made = [];
    FakeCanvas.encodedSizes = [MAX_OUTPUT_BYTES - 1];
  });

  it('refuses a file above maxBytes without reading or decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const read = vi.spyOn(FileReader.prototype, 'readAsDataURL');
    const file = jpegFile(11);
    const bytes = vi.spyOn(file, 'arrayBuffer');
    const slice = vi.spyOn(file, 'slice');

    await expect(readPhoto(file, 10)).resolves.toEqual({ ok: false, problem: 'too-large' });
    expect(decode).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(bytes).not.toHaveBeenCalled();
    expect(slice).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly maxBytes', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(fakeBitmap(40, 30)));
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    await expect(readPhoto(jpegFile(10), 10)).resolves.toMatchObject({ ok: true });
  });

  it("answers 'not-image' when neither createImageBitmap nor <img> can decode the file", async () => {
    const decode = vi.fn().mockRejectedValue(new DOMException('The source image could not be decoded.'));
    vi.stubGlobal('createImageBitmap', decode);
    vi.stubGlobal('Image', fakeImage('error'));
    const pdf = new File(['%PDF-1.7 not a picture'], 'photo.jpg', { type: 'image/jpeg' });

    await expect(readPhoto(pdf, 1000)).resolves.toEqual({ ok: false, problem: 'not-image' });
    expect(decode).toHaveBeenCalledWith(pdf, { imageOrientation: 'from-image' });
  });

  it('decodes whatever the type says: an empty type is fine when the bytes are an image', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(fakeBitmap(40, 30)));
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    await expect(readPhoto(jpegFile(100, ''), 1000)).resolves.toEqual({
      ok: true,
      image: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });
  });

  it('draws a 12 MP photo down in halving steps with high smoothing, re-encodes it at 0.85 and frees everything', async () => {
    const bitmap = fakeBitmap(4000, 3000);
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(bitmap));
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);

    const result = await readPhoto(jpegFile(), 10 * 1024 * 1024);

    expect(result).toEqual({ ok: true, image: expect.stringMatching(/^data:image\/jpeg;base64,/) });
    const [first, second] = FakeCanvas.made;
    expect(
      FakeCanvas.made.map(({ context }) => context.draws.map(({ width, height }) => [width, height])),
    ).toEqual([[[2000, 1500]], [[1024, 768]]]);
    expect(first?.context.draws[0]?.image).toBe(bitmap);
    expect(second?.context.draws[0]?.image).toBe(first);
    expect(
      FakeCanvas.made.every(({ context }) => context.imageSmoothingQuality === 'high' && context.filled),
    ).toBe(true);
    expect(second?.qualities).toEqual([0.85]);
    expect(bitmap.close).toHaveBeenCalled();
    expect(FakeCanvas.made.map(({ width, height }) => width + height)).toEqual([0, 0]);
  });

  it('steps the quality down only when 0.85 would break the upload budget', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(fakeBitmap(4000, 3000)));
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    FakeCanvas.encodedSizes = [MAX_OUTPUT_BYTES + 50_000, MAX_OUTPUT_BYTES - 1];

    await readPhoto(jpegFile(), 10 * 1024 * 1024);
    expect(FakeCanvas.made.at(-1)?.qualities).toEqual([0.85, 0.7]);
  });

  it('falls back to <img> when createImageBitmap fails on a format', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new DOMException('unsupported')));
    vi.stubGlobal('Image', fakeImage('load', 300, 200));
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);

    await expect(readPhoto(jpegFile(), 1000)).resolves.toMatchObject({ ok: true });
    expect(
      FakeCanvas.made.map(({ context }) => context.draws.map(({ width, height }) => [width, height])),
    ).toEqual([[[300, 200]]]);
  });

  it('sends the original file when the browser decodes it but has no canvas to re-encode it', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    vi.stubGlobal('OffscreenCanvas', undefined);
    vi.stubGlobal('Image', fakeImage('load', 300, 200));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

    await expect(readPhoto(png, 1000)).resolves.toEqual({
      ok: true,
      image: 'data:image/png;base64,iVBORw==',
    });
  });
});
