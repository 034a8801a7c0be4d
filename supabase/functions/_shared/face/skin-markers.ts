/**
 * Measurable skin markers of one face, from its decoded pixels and its 68 landmarks (iBUG order:
 * 0–16 jaw, 17–21 and 22–26 brows, 27–35 nose, 36–41 and 42–47 eyes, 48–67 mouth).
 *
 * The face is first resampled into an upright "chip" where the eyes are level and exactly
 * {@link CHIP_EYE_DISTANCE} pixels apart ({@link alignFace}): head tilt, face size and photo resolution
 * then no longer move the regions or the per-pixel statistics. Every marker is a plain image
 * statistic of a region placed from the landmarks in that chip, mapped to 0..1; contrasts are divided
 * by the region's mean luminance, so exposure does not move them either.
 *
 * They are proxies, not diagnoses: lighting, make-up, hair, blur and JPEG compression move them too.
 * The mapping constants were set on the face-api demo photos so typical faces land mid-range.
 *
 * All functions are pure: pixels in, numbers out.
 */
import type { DecodedImage } from './decode-image.ts';

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned pixel rectangle of the chip, `x0`/`y0` inclusive, `x1`/`y1` exclusive. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Inter-ocular distance (between the two eye centres) in chip pixels. */
export const CHIP_EYE_DISTANCE = 96;
/** Chip extent in inter-ocular distances: across from the eye midpoint, above it, below it. */
const CHIP_HALF_WIDTH = 1.4;
const CHIP_ABOVE = 1.0;
const CHIP_BELOW = 1.9;

/** A face resampled upright at a fixed scale. */
export interface AlignedFace {
  /** RGBA; alpha 0 marks chip pixels that fall outside the source photo (they are never measured). */
  chip: DecodedImage;
  /** The 68 landmarks in chip pixels. */
  landmarks: Point[];
  /** Inter-ocular distance in the source photo, in its pixels. */
  sourceEyeDistance: number;
}

/** Where each marker is measured, in chip pixels. */
export interface SkinRegions {
  leftCheek: Rect;
  rightCheek: Rect;
  leftUnderEye: Rect;
  rightUnderEye: Rect;
  forehead: Rect;
  /** Landmarks 0–16. */
  jaw: Point[];
}

/** The raw statistics behind the markers, before mapping to 0..1. */
export interface RawSkinMeasures {
  /** Mean |4-neighbour Laplacian of luminance| over both cheek patches ÷ their mean luminance. */
  cheekLaplacian: number;
  /** Pooled within-patch standard deviation of CIE a* (red–green) over both cheek patches. */
  cheekAStd: number;
  /** (mean cheek luminance − mean under-eye luminance) ÷ mean cheek luminance; negative = brighter. */
  underEyeDrop: number;
  /** Mean, along the jaw contour, of the strongest luminance derivative across it ÷ mean cheek luminance. */
  jawEdge: number;
  /** Mean |vertical second derivative of luminance| over the forehead band ÷ its mean luminance. */
  foreheadLyy: number;
}

/**
 * The markers, each 0..1. Direction: for `texture`, `underEyeDarkness` and `wrinkles` higher means
 * more of the sign (older-looking); for `toneEvenness` and `jawlineDefinition` higher means better.
 */
export interface SkinMarkers {
  /**
   * Texture: mean absolute 4-neighbour Laplacian of luminance inside the two cheek patches (fine-scale
   * roughness: pores, bumps, blemishes, and noise), ÷ their mean luminance, mapped by v / (v + 0.015).
   * Flat skin → 0.
   */
  texture: number;
  /**
   * Tone evenness: 1 − s / (s + 2.5), where s is the pooled within-patch standard deviation of CIE a*
   * (redness) over the two cheek patches. a* hardly moves with brightness, so shading does not count
   * as unevenness; blotches, redness and spots do. A uniform colour → 1.
   */
  toneEvenness: number;
  /**
   * Under-eye darkness: how much darker the band just below the lower lids (under landmarks 40–41 and
   * 46–47, between the eye corners) is than the cheeks, as a fraction of cheek luminance, linear from
   * 0 (no darker) to 1 (25 % darker or more).
   */
  underEyeDarkness: number;
  /**
   * Jawline definition: the luminance contrast across the jaw contour (landmarks 0–16): at three points
   * per segment, the strongest derivative across the contour within ±0.08 inter-ocular distances
   * (landmarks are not pixel-exact), ÷ the mean cheek luminance, averaged and mapped by v / (v + 0.05).
   * A jaw that does not stand out from the neck and background → 0.
   */
  jawlineDefinition: number;
  /**
   * Wrinkle proxy: mean absolute vertical second derivative of luminance (which responds to horizontal
   * lines, not vertical ones) in a band above the brows (landmarks 17–26), ÷ its mean luminance, mapped
   * by v / (v + 0.006). Fringe hair over the forehead reads as lines too.
   */
  wrinkles: number;
  /**
   * How much real detail the measurement had: the photo's inter-ocular distance ÷ the chip's (96 px),
   * capped at 1. Below 1 the face was upsampled and texture and wrinkles read lower than they are.
   */
  detail: number;
}

const TEXTURE_REF = 0.015;
const TONE_REF = 2.5;
const UNDER_EYE_FULL = 0.25;
const JAW_REF = 0.05;
const WRINKLE_REF = 0.006;

const saturate = (v: number, ref: number): number => (v > 0 ? v / (v + ref) : 0);
const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

function pointAt(landmarks: Point[], i: number): Point {
  const p = landmarks[i];
  if (!p) throw new Error(`skin markers need 68 landmarks, got ${landmarks.length}`);
  return p;
}

const centroid = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/** Bilinear sample of channel `c` of RGBA `data` at (x, y); the caller keeps (x, y) inside the image. */
function bilinear(data: Uint8Array, width: number, x: number, y: number, c: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = (y0 * width + x0) * 4 + c;
  const j = i + width * 4;
  const top = data[i]! + (data[i + 4]! - data[i]!) * fx;
  const bottom = data[j]! + (data[j + 4]! - data[j]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Resamples the face upright: the eye centres (means of 36–41 and 42–47) become level and
 * {@link CHIP_EYE_DISTANCE} pixels apart. The chip spans 1.4 inter-ocular distances either side of
 * the eye midpoint, 1.0 above and 1.9 below. Downsampling averages n × n bilinear samples per chip
 * pixel (n = ⌈source pixels per chip pixel⌉), so it does not alias.
 */
export function alignFace(image: DecodedImage, landmarks: Point[]): AlignedFace {
  if (landmarks.length < 68) throw new Error(`skin markers need 68 landmarks, got ${landmarks.length}`);
  const left = centroid(landmarks.slice(36, 42));
  const right = centroid(landmarks.slice(42, 48));
  const mid = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  const eyeDistance = Math.max(1e-3, Math.hypot(right.x - left.x, right.y - left.y));
  const S = CHIP_EYE_DISTANCE;
  const f = eyeDistance / S; // source pixels per chip pixel
  const ux = ((right.x - left.x) / eyeDistance) * f;
  const uy = ((right.y - left.y) / eyeDistance) * f;
  const vx = -uy; // "down" in the face, perpendicular to the eye line
  const vy = ux;
  const width = Math.round(2 * CHIP_HALF_WIDTH * S);
  const height = Math.round((CHIP_ABOVE + CHIP_BELOW) * S);
  const ox = width / 2;
  const oy = CHIP_ABOVE * S;
  const n = Math.max(1, Math.min(8, Math.ceil(f)));
  const data = new Uint8Array(width * height * 4);
  const { width: sw, height: sh, data: src } = image;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let sj = 0; sj < n; sj++) {
        for (let si = 0; si < n; si++) {
          const cu = i - ox + (si + 0.5) / n;
          const cv = j - oy + (sj + 0.5) / n;
          const x = mid.x + cu * ux + cv * vx - 0.5;
          const y = mid.y + cu * uy + cv * vy - 0.5;
          if (x < 0 || y < 0 || x > sw - 1 || y > sh - 1) continue;
          const xs = Math.min(x, sw - 1.0001);
          const ys = Math.min(y, sh - 1.0001);
          r += bilinear(src, sw, xs, ys, 0);
          g += bilinear(src, sw, xs, ys, 1);
          b += bilinear(src, sw, xs, ys, 2);
          count += 1;
        }
      }
      const o = (j * width + i) * 4;
      if (count < n * n) continue; // partly outside the photo: leave transparent, never measured
      data[o] = Math.round(r / count);
      data[o + 1] = Math.round(g / count);
      data[o + 2] = Math.round(b / count);
      data[o + 3] = 255;
    }
  }
  // Inverse map for the landmarks: chip = origin + ((p − mid) · û, (p − mid) · v̂) / f.
  const f2 = f * f;
  const chipLandmarks = landmarks.map((p) => {
    const dx = p.x - mid.x;
    const dy = p.y - mid.y;
    return { x: ox + (dx * ux + dy * uy) / f2, y: oy + (dx * vx + dy * vy) / f2 };
  });
  return { chip: { width, height, data }, landmarks: chipLandmarks, sourceEyeDistance: eyeDistance };
}

/** The regions each marker is measured in, placed from landmarks in chip pixels (see {@link alignFace}). */
export function skinRegions(landmarks: Point[]): SkinRegions {
  const p = (i: number): Point => pointAt(landmarks, i);
  const S = CHIP_EYE_DISTANCE;
  const rect = (x0: number, y0: number, x1: number, y1: number): Rect => ({
    x0: Math.round(x0),
    y0: Math.round(y0),
    x1: Math.round(x1),
    y1: Math.round(y1),
  });

  // Cheeks: half-way between the jaw contour and the nose wing, a little above nostril height; clear
  // of the nasolabial fold (31/35 → 48/54), the eye and the face edge.
  const cheek = (jaw: Point, nose: Point): Rect => {
    const cx = (jaw.x + nose.x) / 2;
    const cy = (jaw.y + nose.y) / 2 - 0.1 * S;
    const half = 0.16 * S;
    return rect(cx - half, cy - half, cx + half, cy + half);
  };

  // Under the eyes: from 0.1 to 0.3 inter-ocular distances below the lower lid, between the eye
  // corners inset by 10 % of the eye width.
  const underEye = (a: Point, b: Point, lid: Point[]): Rect => {
    const xa = Math.min(a.x, b.x);
    const xb = Math.max(a.x, b.x);
    const inset = 0.1 * (xb - xa);
    const lidY = Math.max(...lid.map((q) => q.y));
    return rect(xa + inset, lidY + 0.1 * S, xb - inset, lidY + 0.3 * S);
  };

  // Forehead: between the brows' middles (18 and 25), from 0.1 to 0.45 inter-ocular distances above
  // the highest brow point.
  const browTop = Math.min(...landmarks.slice(17, 27).map((q) => q.y));

  return {
    leftCheek: cheek(p(2), p(31)),
    rightCheek: cheek(p(14), p(35)),
    leftUnderEye: underEye(p(36), p(39), [p(40), p(41)]),
    rightUnderEye: underEye(p(42), p(45), [p(46), p(47)]),
    forehead: rect(
      Math.min(p(18).x, p(25).x),
      browTop - 0.45 * S,
      Math.max(p(18).x, p(25).x),
      browTop - 0.1 * S,
    ),
    jaw: landmarks.slice(0, 17),
  };
}

/** Rec. 601 luma (0..255) of every pixel of an RGBA image; NaN where alpha is 0. */
export function luminance(image: DecodedImage): Float32Array {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    out[i] = data[j + 3] === 0 ? NaN : 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!;
  }
  return out;
}

const SRGB_TO_LINEAR = (() => {
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    table[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

const labF = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);

/** CIE a* (D65) of one sRGB pixel: positive is red, negative green, 0 for greys. */
export function cieA(r: number, g: number, b: number): number {
  const R = SRGB_TO_LINEAR[r]!;
  const G = SRGB_TO_LINEAR[g]!;
  const B = SRGB_TO_LINEAR[b]!;
  const X = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const Y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  return 500 * (labF(X) - labF(Y));
}

/** Indices of the pixels of `rect` (clipped to the image, `margin` pixels from its edges). */
function pixelsOf(rect: Rect, width: number, height: number, margin: number): number[] {
  const out: number[] = [];
  for (let y = Math.max(margin, rect.y0); y < Math.min(height - margin, rect.y1); y++) {
    for (let x = Math.max(margin, rect.x0); x < Math.min(width - margin, rect.x1); x++)
      out.push(y * width + x);
  }
  return out;
}

/** Mean of `values` over `rects`, skipping NaN (outside the photo); NaN when nothing was measured. */
export function meanOver(values: Float32Array, width: number, height: number, rects: Rect[]): number {
  let sum = 0;
  let count = 0;
  for (const r of rects) {
    for (const i of pixelsOf(r, width, height, 0)) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      sum += v;
      count += 1;
    }
  }
  return count ? sum / count : NaN;
}

/**
 * Mean of `operator(i)` over the pixels of `rects` where it is a number (it is NaN when a neighbour
 * lies outside the photo), ÷ the mean luminance there; 0 when nothing was measured or all is black.
 */
function relativeMean(
  lum: Float32Array,
  width: number,
  height: number,
  rects: Rect[],
  operator: (i: number) => number,
): number {
  let total = 0;
  let base = 0;
  let count = 0;
  for (const r of rects) {
    for (const i of pixelsOf(r, width, height, 1)) {
      const v = operator(i);
      if (Number.isNaN(v)) continue;
      total += Math.abs(v);
      base += lum[i]!;
      count += 1;
    }
  }
  return count && base > 0 ? total / base : 0;
}

/** Mean |4-neighbour Laplacian| of `lum` over `rects` ÷ the mean of `lum` there. */
export function relativeLaplacian(lum: Float32Array, width: number, height: number, rects: Rect[]): number {
  return relativeMean(
    lum,
    width,
    height,
    rects,
    (i) => lum[i - 1]! + lum[i + 1]! + lum[i - width]! + lum[i + width]! - 4 * lum[i]!,
  );
}

/** Mean |∂²L/∂y²| over `rects` ÷ their mean luminance: responds to horizontal lines only. */
export function relativeVerticalCurvature(
  lum: Float32Array,
  width: number,
  height: number,
  rects: Rect[],
): number {
  return relativeMean(lum, width, height, rects, (i) => lum[i - width]! + lum[i + width]! - 2 * lum[i]!);
}

/** Pooled within-rect standard deviation of CIE a* over `rects` (each rect's own mean removed). */
export function pooledAStd(image: DecodedImage, rects: Rect[]): number {
  const { width, height, data } = image;
  let squares = 0;
  let count = 0;
  for (const rect of rects) {
    const values: number[] = [];
    for (const i of pixelsOf(rect, width, height, 0)) {
      if (data[i * 4 + 3] === 0) continue;
      values.push(cieA(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!));
    }
    if (values.length < 2) continue;
    const m = values.reduce((s, v) => s + v, 0) / values.length;
    for (const v of values) squares += (v - m) ** 2;
    count += values.length;
  }
  return count > 1 ? Math.sqrt(squares / count) : 0;
}

function sampleLum(lum: Float32Array, width: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = lum[i]! + (lum[i + 1]! - lum[i]!) * fx;
  const bottom = lum[i + width]! + (lum[i + width + 1]! - lum[i + width]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Mean, over three points per segment of the `contour` polyline, of the largest |derivative of
 * luminance across the contour| (per pixel) found within ±`reach` pixels along its normal, ÷ `level`
 * (a reference luminance: the skin's, so a dark background does not inflate it). Points whose
 * neighbourhood leaves the image or the photo are skipped; 0 when none is left or `level` ≤ 0.
 */
export function contourEdgeStrength(
  lum: Float32Array,
  width: number,
  height: number,
  contour: Point[],
  reach: number,
  level: number,
): number {
  if (!(level > 0)) return 0;
  let total = 0;
  let count = 0;
  const span = Math.max(1, Math.round(reach));
  for (let k = 0; k + 1 < contour.length; k++) {
    const a = contour[k]!;
    const b = contour[k + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-6) continue;
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    for (const t of [0.25, 0.5, 0.75]) {
      const px = a.x + (b.x - a.x) * t;
      const py = a.y + (b.y - a.y) * t;
      const far = span + 2;
      if (px - far < 0 || py - far < 0 || px + far > width - 1 || py + far > height - 1) continue;
      let best = 0;
      for (let d = -span; d <= span && !Number.isNaN(best); d++) {
        const before = sampleLum(lum, width, px + nx * (d - 1), py + ny * (d - 1));
        const after = sampleLum(lum, width, px + nx * (d + 1), py + ny * (d + 1));
        best = Math.max(best, Math.abs(after - before) / 2); // NaN when the stretch leaves the photo
      }
      if (Number.isNaN(best)) continue;
      total += best / level;
      count += 1;
    }
  }
  return count ? total / count : 0;
}

/** The raw statistics of {@link RawSkinMeasures}, measured on an aligned face. */
export function rawSkinMeasures(face: AlignedFace): RawSkinMeasures {
  const { chip } = face;
  const { width, height } = chip;
  const regions = skinRegions(face.landmarks);
  const lum = luminance(chip);
  const cheeks = [regions.leftCheek, regions.rightCheek];
  const cheekMean = meanOver(lum, width, height, cheeks);
  const underMean = meanOver(lum, width, height, [regions.leftUnderEye, regions.rightUnderEye]);
  return {
    cheekLaplacian: relativeLaplacian(lum, width, height, cheeks),
    cheekAStd: pooledAStd(chip, cheeks),
    underEyeDrop: cheekMean > 0 && !Number.isNaN(underMean) ? (cheekMean - underMean) / cheekMean : 0,
    jawEdge: contourEdgeStrength(lum, width, height, regions.jaw, 0.08 * CHIP_EYE_DISTANCE, cheekMean),
    foreheadLyy: relativeVerticalCurvature(lum, width, height, [regions.forehead]),
  };
}

/**
 * The skin markers of one face (see {@link SkinMarkers} for what each one measures), from the photo
 * and the face's 68 landmarks in the photo's pixels. Parts of regions outside the photo are skipped;
 * a marker whose region is wholly outside reads as 0 (tone evenness: 1).
 */
export function measureSkinMarkers(image: DecodedImage, landmarks: Point[]): SkinMarkers {
  const face = alignFace(image, landmarks);
  const raw = rawSkinMeasures(face);
  return {
    texture: saturate(raw.cheekLaplacian, TEXTURE_REF),
    toneEvenness: 1 - saturate(raw.cheekAStd, TONE_REF),
    underEyeDarkness: clamp01(raw.underEyeDrop / UNDER_EYE_FULL),
    jawlineDefinition: saturate(raw.jawEdge, JAW_REF),
    wrinkles: saturate(raw.foreheadLyy, WRINKLE_REF),
    detail: Math.min(1, face.sourceEyeDistance / CHIP_EYE_DISTANCE),
  };
}
