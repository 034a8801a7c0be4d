/**
 * The "Flow interactions" stories are generated from each flow's own screens and pass on every shipped
 * flow: composed as Storybook shows them (with the project's preview) and run, play included.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { flowInteractionsFile } from './flow-interactions.tsx';
import { interactionPlan } from './interaction-plan.ts';

setProjectAnnotations(preview);

const FLOWS = ['flows/skin-funnel.json', 'flows/shoe-finder.json'];

beforeAll(async () => {
  await preloadRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

describe.each(FLOWS)('the interaction stories of %s', (file) => {
  const flow = loadFlow(readFileSync(join(process.cwd(), file), 'utf8'));
  const built = flowInteractionsFile(flow);
  const stories = Object.entries(built.stories).flatMap(([name, story]) =>
    story ? [[name, composeStory(story, built.meta, undefined, name)] as const] : [],
  );

  it('play on the flow\'s own screens: a toggle, a required choice, a form and a timer at least', () => {
    expect(interactionPlan(flow).map((story) => story.screenId).every((id) => id in flow.screens)).toBe(true);
    expect(stories.map(([name]) => name)).toEqual(
      expect.arrayContaining(['TogglingOptions', 'RequiredChoice', 'FormDisabledUntilValid', 'TimerAutoAdvance']),
    );
  });

  it.each(stories)('%s renders and its play passes', async (_name, story) => {
    const canvasElement = document.createElement('div');
    document.body.append(canvasElement);
    await story.run({ canvasElement });
    expect(canvasElement.querySelector('main')).not.toBeNull();
    // The timer and reveal stories wait on the flow's own timings (seconds).
  }, 30_000);
});
