/**
 * A flow story shows an experiment's variant when its frame's URL says `?variant=<experiment>:<variant>`
 * (for designers and QA), and the base flow otherwise.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { flowStoryFile } from './flow-story-file.tsx';

setProjectAnnotations(preview);
const flow = loadFlow();
const VARIANT_HEADLINE = 'Your skin may be at its tipping point.';

async function cliffStoryText(): Promise<string> {
  const file = flowStoryFile(flow, 'cliff-education');
  const [name, story] = Object.entries(file.stories)[0] ?? [];
  if (!story || !name) throw new Error('cliff-education has no story');
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  await composeStory(story, file.meta, undefined, name).run({ canvasElement });
  const text = canvasElement.textContent ?? '';
  canvasElement.remove();
  return text;
}

beforeAll(async () => {
  await preloadRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('?variant= in Storybook', () => {
  it('shows the base headline without it and the variant with it', async () => {
    expect(await cliffStoryText()).not.toContain(VARIANT_HEADLINE);
    window.history.replaceState(null, '', '/?variant=cliff-headline:tipping-point');
    expect(await cliffStoryText()).toContain(VARIANT_HEADLINE);
  });
});
