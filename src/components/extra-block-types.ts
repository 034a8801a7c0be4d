/**
 * The block types drawn by the extra blocks' chunk (extra-blocks.tsx), not the first bundle. The build
 * reads this list too: a page drawn with one of them loads that chunk's stylesheet before its first
 * paint (scripts/lib/route-preload.ts), or the drawing shifts when the styles arrive.
 */
export const EXTRA_BLOCK_TYPES = ['rating', 'profile', 'chart'] as const;

export type ExtraBlockType = (typeof EXTRA_BLOCK_TYPES)[number];

const extra: ReadonlySet<unknown> = new Set(EXTRA_BLOCK_TYPES);

/** Whether `value` (a screen, or any part of one) holds a block of an extra type, at any depth. */
export function holdsExtraBlock(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsExtraBlock);
  if (value === null || typeof value !== 'object') return false;
  return extra.has((value as { type?: unknown }).type) || Object.values(value).some(holdsExtraBlock);
}
