/**
 * The SSD detector's non-maximum suppression, as face-api computes it, on the boxes read once.
 *
 * face-api's own version (ssdMobilenetv1/nonMaxSuppression.ts) calls `boxes.arraySync()` inside its
 * IoU, so every pair it compares copies all 5,118 anchor boxes out of the backend into fresh nested
 * arrays: 10 to 30 copies per photo, a few milliseconds and megabytes of garbage. This is the same
 * algorithm, step for step (candidates above the threshold, best first; each is dropped when it
 * overlaps a kept box by more than `iouThreshold`), over one flat copy of the boxes.
 */

/**
 * Indices of the boxes kept, best score first.
 *
 * @param boxes Corner boxes, 4 numbers per box (y0, x0, y1, x1; either corner may come first).
 * @param scores One score per box.
 * @param maxOutputSize At most this many boxes are kept.
 * @param iouThreshold A box overlapping a kept one by more than this (intersection over union) is dropped.
 * @param scoreThreshold Boxes scoring this or less are never kept.
 */
export function nonMaxSuppression(
  boxes: ArrayLike<number>,
  scores: ArrayLike<number>,
  maxOutputSize: number,
  iouThreshold: number,
  scoreThreshold: number,
): number[] {
  const outputSize = Math.min(maxOutputSize, Math.floor(boxes.length / 4));
  const candidates: { score: number; boxIndex: number }[] = [];
  for (let boxIndex = 0; boxIndex < scores.length; boxIndex++) {
    const score = scores[boxIndex]!;
    if (score > scoreThreshold) candidates.push({ score, boxIndex });
  }
  candidates.sort((a, b) => b.score - a.score);
  const selected: number[] = [];
  for (const c of candidates) {
    if (selected.length >= outputSize) break;
    const originalScore = c.score;
    for (let j = selected.length - 1; j >= 0; --j) {
      const iou = intersectionOverUnion(boxes, c.boxIndex, selected[j]!);
      if (iou === 0) continue;
      c.score *= iou <= iouThreshold ? 1 : 0;
      if (c.score <= scoreThreshold) break;
    }
    if (originalScore === c.score) selected.push(c.boxIndex);
  }
  return selected;
}

function intersectionOverUnion(boxes: ArrayLike<number>, i: number, j: number): number {
  const [yminI, xminI, ymaxI, xmaxI] = corners(boxes, i);
  const [yminJ, xminJ, ymaxJ, xmaxJ] = corners(boxes, j);
  const areaI = (ymaxI - yminI) * (xmaxI - xminI);
  const areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
  if (areaI <= 0 || areaJ <= 0) return 0;
  const intersection =
    Math.max(Math.min(ymaxI, ymaxJ) - Math.max(yminI, yminJ), 0) *
    Math.max(Math.min(xmaxI, xmaxJ) - Math.max(xminI, xminJ), 0);
  return intersection / (areaI + areaJ - intersection);
}

function corners(boxes: ArrayLike<number>, i: number): [number, number, number, number] {
  const [a, b, c, d] = [boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}
