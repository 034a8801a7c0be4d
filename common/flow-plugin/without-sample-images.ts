/**
 * What a production build ships of a flow's images: every image marked `"sample": true` left out, so
 * placeholder art never reaches a visitor. A block that is only images (an image, a before/after pair
 * holding a sample) is dropped; a block that merely carries a portrait (a profile) keeps its text and
 * loses the image. Real images (no flag) are untouched, so they slot in as soon as the flag is removed.
 */
const IMAGE_ONLY_BLOCKS = new Set(['image', 'before-after']);

function isSample(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'sample' in value && value.sample === true;
}

/** Whether a value holds a sample image anywhere inside it. */
function holdsSample(value: unknown): boolean {
  if (isSample(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsSample);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => {
        const type: unknown = typeof item === 'object' && item !== null && 'type' in item ? item.type : undefined;
        return !(typeof type === 'string' && IMAGE_ONLY_BLOCKS.has(type) && holdsSample(item));
      })
      .map(strip);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      // `claim` only tells flow:check which copy must follow the result: the visitor's code never reads it.
      .filter(([key, item]) => !isSample(item) && key !== 'claim')
      .map(([key, item]) => [key, strip(item)]),
  );
}

/** A flow part with its screens' sample images left out (the rest of it as it is), to serialize. */
export function withoutSampleImages(part: { screens: object }): object {
  return { ...part, screens: strip(part.screens) };
}
