/**
 * Storybook follows the flow: the second funnel's stories (flows/shoe-finder.json, what
 * `FLOW=flows/shoe-finder.json npm run storybook` shows) open its own screens with its own samples,
 * pass axe, and its result screen shows a different match to the low, medium and high visitors.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { flowStoryFile } from './flow-story-file.tsx';
import { flowStoryPlan } from './flow-story-plan.ts';

setProjectAnnotations(preview);

const flow = loadFlow(readFileSync(join(process.cwd(), 'flows/shoe-finder.json'), 'utf8'));
const plan = flowStoryPlan(flow);

function composedStories(screenId: string) {
  const file = flowStoryFile(flow, screenId);
  return Object.entries(file.stories).flatMap(([exportName, story]) =>
    story ? [{ exportName, story: composeStory(story, file.meta, undefined, exportName) }] : [],
  );
}

async function runStory(story: { run: (context?: { canvasElement: HTMLElement }) => Promise<void> }) {
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  await story.run({ canvasElement });
  return canvasElement;
}

beforeAll(async () => {
  await preloadRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

describe('the shoe finder stories', () => {
  it('cover every screen of the flow', () => {
    expect(plan.map((entry) => entry.screenId)).toEqual(Object.keys(flow.screens));
  });

  const cases = plan.flatMap((entry) =>
    composedStories(entry.screenId).map(({ exportName, story }) => ({ name: `${entry.title} › ${exportName}`, story })),
  );

  it.each(cases)('$name renders its screen through the engine with no axe violations', async ({ story }) => {
    const canvas = await runStory(story);
    expect(canvas.querySelector('main')).not.toBeNull();
    const results = await axe.run(canvas, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    // The first story loads the renderers cold: on a loaded 2-core machine that took past the default 5 s.
  }, 30_000);

  it('shows the low, medium and high samples their own match on the result screen', async () => {
    const shown: string[] = [];
    for (const { story } of composedStories('result')) {
      const canvas = await runStory(story);
      shown.push(canvas.querySelector('h1, h2')?.textContent ?? '');
    }
    expect(shown.map((text) => text.replace(/^Your match/, '').trim())).toEqual([
      'Stride Tempo Flyer',
      'Stride Everyday 9',
      'Stride Cloudbank 4',
    ]);
  });
});
