/**
 * Every hand-written story (renderers, shared components, flow interactions) renders and its play
 * function passes, composed with the project's preview as Storybook shows it. Stories are found by
 * file name, so a new `*.stories.tsx` is tested without touching this file. (The generated flow
 * stories are tested in src/flow-stories/flow-stories.test.tsx.)
 */
import { composeStories, setProjectAnnotations, type ReactRenderer } from '@storybook/react-vite';
import type { Store_CSFExports } from 'storybook/internal/types';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../.storybook/preview.ts';
import { preloadRenderers } from './screens/registry.ts';

setProjectAnnotations(preview);

const modules = import.meta.glob<Store_CSFExports<ReactRenderer>>('./**/*.stories.tsx', { eager: true });

interface RunnableStory {
  run: (context?: { canvasElement: HTMLElement }) => Promise<void>;
}

/** composeStories types a glob's stories as unknown; a composed story is a function with `run`. */
function isRunnable(value: unknown): value is RunnableStory {
  return typeof value === 'function' && 'run' in value && typeof value.run === 'function';
}

beforeAll(async () => {
  await preloadRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

it('finds the story files', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

describe.each(Object.entries(modules))('%s', (_path, module) => {
  const stories = Object.entries(composeStories(module)).flatMap(([name, story]) =>
    isRunnable(story) ? [[name, story] as const] : [],
  );
  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });
  it.each(stories)('%s renders and its play passes', async (_name, story) => {
    const canvasElement = document.createElement('div');
    document.body.append(canvasElement);
    await story.run({ canvasElement });
    expect(canvasElement.childElementCount).toBeGreaterThan(0);
    // Some plays wait on the flow's own timings (the calculating screen moves on after 4 s).
  }, 20_000);
});
