/**
 * Storybook shows only the chosen flow's brand. The hand-written stories (renderers, components) are
 * shown for every flow, so they carry no flow's words or pictures; the flow's own stories come from
 * its file. For the shoe finder (`FLOW=flows/shoe-finder.json npm run storybook`), nothing in the
 * index or in the stories' copy is the skin funnel's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowStoriesIndexer } from '../scripts/vite-plugin-flow-stories.ts';

/** Words of the shipped flows' brands and products (either flow's, in any hand-written story). */
const PRODUCT_WORDS = /\b(lumera|skin|hormon\w*|estrogen|wrinkle|collagen|menopaus\w*|doctor|diagnosis|stride|shoes?|running)\b/i;
const SKIN_WORDS = /\b(lumera|skin|hormon\w*|estrogen|wrinkle|collagen|menopaus\w*|doctor|diagnosis)\b/i;

function storyFiles(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? storyFiles(join(dir, entry.name)) : entry.name.endsWith('.stories.tsx') ? [join(dir, entry.name)] : [],
  );
}

describe('Storybook shows only the chosen flow\'s brand', () => {
  it('finds the hand-written stories', () => {
    expect(storyFiles().length).toBeGreaterThan(5);
  });

  it.each(storyFiles())('%s names no flow\'s product and shows no flow\'s uploads', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(PRODUCT_WORDS);
    expect(text).not.toContain('/uploads/');
  });

  it('indexes the shoe finder\'s own stories, with no skin screen and interaction stories of its own', async () => {
    const file = resolve('flows/shoe-finder.json');
    const inputs = await flowStoriesIndexer('flows/shoe-finder.json').createIndex(file, { makeTitle: (title) => title ?? '' });
    expect(inputs.length).toBeGreaterThan(10);
    expect(inputs.filter((input) => SKIN_WORDS.test(JSON.stringify(input)))).toEqual([]);
    expect(inputs.filter((input) => input.title === 'Flow interactions').map((input) => input.exportName)).toEqual([
      'TogglingOptions',
      'RequiredChoice',
      'FormDisabledUntilValid',
      'Slider',
      'TimerAutoAdvance',
    ]);
  });
});
