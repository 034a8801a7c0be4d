import { describe, expect, it } from 'vitest';
import { nonMaxSuppression } from '../../supabase/functions/_shared/face/non-max-suppression.ts';

// Boxes as y0, x0, y1, x1.
const boxes = [
  [0, 0, 10, 10], // 0
  [1, 1, 11, 11], // 1: overlaps 0 by IoU 81/119 ≈ 0.68
  [0, 20, 10, 30], // 2: apart
  [0, 5, 10, 15], // 3: overlaps 0 by IoU 50/150 ≈ 0.33
  [10, 10, 0, 0], // 4: box 0 with its corners swapped
].flat();

describe('nonMaxSuppression', () => {
  it('keeps the best box of each overlapping group, best first, and drops those at or below the threshold', () => {
    expect(nonMaxSuppression(boxes, [0.9, 0.95, 0.8, 0.7, 0.3], 10, 0.5, 0.5)).toEqual([1, 2, 3]);
    expect(nonMaxSuppression(boxes, [0.9, 0.5, 0.8, 0.7, 0.3], 10, 0.5, 0.5)).toEqual([0, 2, 3]);
  });

  it('reads corners in either order', () => {
    expect(nonMaxSuppression(boxes, [0.6, 0, 0, 0, 0.9], 10, 0.5, 0.5)).toEqual([4]);
  });

  it('keeps a box overlapping a kept one by no more than the IoU threshold, and at most maxOutputSize boxes', () => {
    expect(nonMaxSuppression(boxes, [0.9, 0, 0.8, 0.7, 0], 10, 0.3, 0.5)).toEqual([0, 2]);
    expect(nonMaxSuppression(boxes, [0.9, 0, 0.8, 0.7, 0], 2, 0.5, 0.5)).toEqual([0, 2]);
    expect(nonMaxSuppression(boxes, [0.4, 0.2, 0.1, 0.3, 0.5], 10, 0.5, 0.5)).toEqual([]);
  });
});
