import { describe, expect, it } from 'vitest';
import type { DecodedImage } from '../../supabase/functions/_shared/face/decode-image.ts';
import {
  alignFace,
  CHIP_EYE_DISTANCE,
  measureSkinMarkers,
  skinRegions,
  type Point,
  type SkinMarkers,
} from '../../supabase/functions/_shared/face/skin-markers.ts';

/**
 * Synthetic faces: a 68-point landmark template in face units (eye midpoint at the origin, eyes one
 * unit apart, v pointing down), placed in the photo at a centre, scale and angle, and pixels painted
 * as a function of the same face coordinates, so every feature lands where the landmarks say.
 */
function template(): Point[] {
  const pts: Point[] = [];
  for (let k = 0; k <= 16; k++) {
    const phi = (Math.PI * k) / 16;
    pts.push({ x: -0.95 * Math.cos(phi), y: 1.45 * Math.sin(phi) }); // 0–16 jaw
  }
  for (const side of [-1, 1]) {
    for (let k = 0; k < 5; k++) {
      const t = k / 4;
      const u = side < 0 ? -0.85 + 0.7 * t : 0.15 + 0.7 * t;
      pts.push({ x: u, y: -0.3 - 0.08 * Math.sin(Math.PI * t) }); // 17–26 brows
    }
  }
  for (let k = 0; k < 4; k++) pts.push({ x: 0, y: 0.05 + 0.17 * k }); // 27–30 bridge
  for (let k = 0; k < 5; k++) pts.push({ x: -0.2 + 0.1 * k, y: k === 2 ? 0.68 : 0.65 }); // 31–35 nostrils
  const eye = (c: number): Point[] =>
    [
      [-0.22, 0],
      [-0.1, -0.07],
      [0.1, -0.07],
      [0.22, 0],
      [0.1, 0.07],
      [-0.1, 0.07],
    ].map(([du, dv]) => ({ x: c + du!, y: dv! }));
  pts.push(...eye(-0.5), ...eye(0.5)); // 36–41, 42–47
  for (let k = 0; k < 12; k++) {
    const th = Math.PI + (2 * Math.PI * k) / 12;
    pts.push({ x: 0.4 * Math.cos(th), y: 1.0 + 0.15 * Math.sin(th) }); // 48–59 outer lips
  }
  for (let k = 0; k < 8; k++) {
    const th = Math.PI + (2 * Math.PI * k) / 8;
    pts.push({ x: 0.3 * Math.cos(th), y: 1.0 + 0.05 * Math.sin(th) }); // 60–67 inner lips
  }
  return pts;
}

type Rgb = [number, number, number];
const SKIN: Rgb = [200, 150, 125];
const BACKGROUND: Rgb = [40, 45, 60];

const insideFace = (u: number, v: number): boolean => (u / 0.95) ** 2 + (v / (v >= 0 ? 1.45 : 1.2)) ** 2 <= 1;

interface Placement {
  width?: number;
  height?: number;
  cx?: number;
  cy?: number;
  /** Inter-ocular distance in pixels. */
  s?: number;
  /** Head tilt in degrees. */
  angle?: number;
}

/** Renders `paint(u, v, x, y)` (face coordinates, and pixel for pixel-bound noise) and places the template. */
function synthFace(
  paint: (u: number, v: number, x: number, y: number) => Rgb,
  place: Placement = {},
): { image: DecodedImage; landmarks: Point[] } {
  const { width = 320, height = 320, cx = 160, cy = 130, s = 80, angle = 0 } = place;
  const a = (angle * Math.PI) / 180;
  const U = { x: Math.cos(a), y: Math.sin(a) };
  const V = { x: -Math.sin(a), y: Math.cos(a) };
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const [r, g, b] = paint((dx * U.x + dy * U.y) / s, (dx * V.x + dy * V.y) / s, x, y);
      const o = (y * width + x) * 4;
      data[o] = Math.max(0, Math.min(255, Math.round(r)));
      data[o + 1] = Math.max(0, Math.min(255, Math.round(g)));
      data[o + 2] = Math.max(0, Math.min(255, Math.round(b)));
      data[o + 3] = 255;
    }
  }
  const landmarks = template().map((p) => ({
    x: cx + s * (p.x * U.x + p.y * V.x),
    y: cy + s * (p.x * U.y + p.y * V.y),
  }));
  return { image: { width, height, data }, landmarks };
}

const measure = (
  paint: (u: number, v: number, x: number, y: number) => Rgb,
  place?: Placement,
): SkinMarkers => {
  const { image, landmarks } = synthFace(paint, place);
  return measureSkinMarkers(image, landmarks);
};

/** Deterministic noise in [-1, 1] per pixel (mulberry32 hash of the position and a seed). */
function noise(x: number, y: number, seed = 1): number {
  let t = (x * 73856093) ^ (y * 19349663) ^ (seed * 83492791);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
}

const shade = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
const plus = (c: Rgb, d: number): Rgb => [c[0] + d, c[1] + d, c[2] + d];
const face = (u: number, v: number, inside: Rgb = SKIN, outside: Rgb = BACKGROUND): Rgb =>
  insideFace(u, v) ? inside : outside;

describe('skin markers on synthetic faces', () => {
  it('a flat, uniformly coloured photo reads as smooth, even, no dark circles, no jawline, no lines', () => {
    const m = measure(() => SKIN);
    expect(m.texture).toBeLessThan(0.01);
    expect(m.toneEvenness).toBeGreaterThan(0.99);
    expect(m.underEyeDarkness).toBe(0);
    expect(m.jawlineDefinition).toBeLessThan(0.01);
    expect(m.wrinkles).toBeLessThan(0.01);
    for (const v of Object.values(m)) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of Object.values(m)) expect(v).toBeLessThanOrEqual(1);
  });

  it('texture rises with luminance noise on the skin', () => {
    const withNoise = (amp: number): number =>
      measure((u, v, x, y) => face(u, v, plus(SKIN, amp * noise(x, y)), SKIN)).texture;
    const [flat, light, heavy] = [withNoise(0), withNoise(4), withNoise(20)];
    expect(flat).toBeLessThan(0.01);
    expect(light).toBeGreaterThan(flat + 0.1);
    expect(heavy).toBeGreaterThan(light + 0.1);
    expect(heavy).toBeGreaterThan(0.6);
  });

  it('under-eye darkness reads a shadow below the lower lids, not a brighter band', () => {
    const band = (u: number, v: number): boolean => v > 0.15 && v < 0.32 && Math.abs(Math.abs(u) - 0.5) < 0.2;
    expect(measure((u, v) => (band(u, v) ? shade(SKIN, 0.7) : SKIN)).underEyeDarkness).toBeGreaterThan(0.6);
    expect(measure((u, v) => (band(u, v) ? shade(SKIN, 0.9) : SKIN)).underEyeDarkness).toBeLessThan(0.6);
    expect(measure((u, v) => (band(u, v) ? shade(SKIN, 1.2) : SKIN)).underEyeDarkness).toBe(0);
  });

  it('jawline definition reads the contrast across the jaw contour, less when the edge is soft', () => {
    const sharp = measure((u, v) => face(u, v)).jawlineDefinition;
    const soft = measure((u, v) => {
      // Blend from skin to background over ±0.25 units around the face outline.
      const r = Math.sqrt((u / 0.95) ** 2 + (v / (v >= 0 ? 1.45 : 1.2)) ** 2);
      const k = Math.min(1, Math.max(0, (r - 0.75) / 0.5));
      return [
        SKIN[0] + (BACKGROUND[0] - SKIN[0]) * k,
        SKIN[1] + (BACKGROUND[1] - SKIN[1]) * k,
        SKIN[2] + (BACKGROUND[2] - SKIN[2]) * k,
      ];
    }).jawlineDefinition;
    const none = measure(() => SKIN).jawlineDefinition;
    expect(sharp).toBeGreaterThan(0.7);
    expect(soft).toBeLessThan(sharp - 0.2);
    expect(soft).toBeGreaterThan(none);
  });

  it('the wrinkle proxy responds to horizontal lines on the forehead, not to vertical ones', () => {
    const forehead = (v: number): boolean => v < -0.4 && v > -1.0;
    const horizontal = measure((u, v) =>
      forehead(v) ? plus(SKIN, 12 * Math.sin((2 * Math.PI * v) / 0.08)) : SKIN,
    ).wrinkles;
    const vertical = measure((u, v) =>
      forehead(v) ? plus(SKIN, 12 * Math.sin((2 * Math.PI * u) / 0.08)) : SKIN,
    ).wrinkles;
    expect(horizontal).toBeGreaterThan(0.5);
    expect(vertical).toBeLessThan(0.1);
  });

  it('tone evenness drops with red blotches on the cheeks, and hardly moves with shading', () => {
    const blotchy = measure((u, v) => {
      const spot = Math.sin(u * 40) * Math.sin(v * 40) > 0.3;
      return spot ? [SKIN[0] + 30, SKIN[1] - 10, SKIN[2] - 5] : SKIN;
    }).toneEvenness;
    const shaded = measure((u) => shade(SKIN, 0.8 + (0.3 * (u + 1.4)) / 2.8)).toneEvenness;
    expect(blotchy).toBeLessThan(0.4);
    expect(shaded).toBeGreaterThan(0.85);
  });

  it('is placed by the landmarks: the same face tilted 20° and 1.4× larger measures the same', () => {
    // Pixels defined in face coordinates (texture, lines, shadow, outline), so they scale with the face.
    const paint = (u: number, v: number): Rgb => {
      if (!insideFace(u, v)) return BACKGROUND;
      let c = plus(SKIN, 6 * Math.sin((2 * Math.PI * u) / 0.07) * Math.sin((2 * Math.PI * v) / 0.07));
      if (v > 0.15 && v < 0.32 && Math.abs(Math.abs(u) - 0.5) < 0.2) c = shade(c, 0.85);
      if (v < -0.4) c = plus(c, 8 * Math.sin((2 * Math.PI * v) / 0.1));
      return c;
    };
    const upright = measure(paint, { s: 80 });
    const tilted = measure(paint, { s: 112, angle: 20, width: 420, height: 420, cx: 210, cy: 170 });
    for (const key of [
      'texture',
      'toneEvenness',
      'underEyeDarkness',
      'jawlineDefinition',
      'wrinkles',
    ] as const) {
      expect(Math.abs(upright[key] - tilted[key]), key).toBeLessThan(0.1);
    }
    expect(upright.detail).toBeCloseTo(80 / CHIP_EYE_DISTANCE, 5);
    expect(tilted.detail).toBe(1);
  });
});

describe('alignFace', () => {
  it('levels the eyes at the chip scale and maps the landmarks with the pixels', () => {
    const { image, landmarks } = synthFace((u, v) => face(u, v), { angle: -25, s: 70 });
    const aligned = alignFace(image, landmarks);
    const eye = (from: number): Point => {
      const pts = aligned.landmarks.slice(from, from + 6);
      return { x: pts.reduce((s, p) => s + p.x, 0) / 6, y: pts.reduce((s, p) => s + p.y, 0) / 6 };
    };
    const [l, r] = [eye(36), eye(42)];
    expect(r.y - l.y).toBeCloseTo(0, 6);
    expect(r.x - l.x).toBeCloseTo(CHIP_EYE_DISTANCE, 6);
    expect(aligned.sourceEyeDistance).toBeCloseTo(70, 6);
    // The chin landmark (8) sits on the outline: skin just above it, background just below.
    const chin = aligned.landmarks[8]!;
    const px = (x: number, y: number): number =>
      aligned.chip.data[(Math.round(y) * aligned.chip.width + Math.round(x)) * 4]!;
    expect(px(chin.x, chin.y - 5)).toBeCloseTo(SKIN[0], -1);
    expect(px(chin.x, chin.y + 5)).toBeCloseTo(BACKGROUND[0], -1);
  });

  it('a face cut off by the photo edge still measures, from what is inside', () => {
    const { image, landmarks } = synthFace((u, v, x, y) => face(u, v, plus(SKIN, 10 * noise(x, y))), {
      cx: 60,
      cy: 60,
    });
    const aligned = alignFace(image, landmarks);
    expect(aligned.chip.data.some((_, i) => i % 4 === 3 && aligned.chip.data[i] === 0)).toBe(true);
    const m = measureSkinMarkers(image, landmarks);
    for (const v of Object.values(m)) {
      expect(Number.isFinite(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(m.texture).toBeGreaterThan(0.2);
  });

  it('rejects fewer than 68 landmarks', () => {
    const { image, landmarks } = synthFace(() => SKIN);
    expect(() => measureSkinMarkers(image, landmarks.slice(0, 40))).toThrow(/68 landmarks/);
    expect(() => skinRegions(landmarks.slice(0, 10))).toThrow(/68 landmarks/);
  });
});
