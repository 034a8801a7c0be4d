/**
 * Every generated flow story, as Storybook shows it: composed with the project's preview, run (render
 * and play, which waits for the screen's own copy), then checked with axe-core. Also: the plan has a
 * story for every screen of the flow file, a screen added to the JSON gets one, and the result
 * screens really differ between the low, medium and high visits.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { editedFlow, FLOW_PATH, loadFlow } from '../../tests/support/load-flow.ts';
import { preloadRenderers } from '../screens/registry.ts';
import { flowStoryFile } from './flow-story-file.tsx';
import { flowStoryPlan } from './flow-story-plan.ts';

setProjectAnnotations(preview);

const flow = loadFlow();
const plan = flowStoryPlan(flow);

/** The screen ids of the flow file, read straight from the JSON (not through the plan under test). */
function screenIdsInFile(): string[] {
  const json: unknown = JSON.parse(readFileSync(FLOW_PATH, 'utf8'));
  if (json === null || typeof json !== 'object' || !('screens' in json)) throw new Error('no screens');
  const { screens } = json;
  if (screens === null || typeof screens !== 'object') throw new Error('no screens');
  return Object.keys(screens);
}

/** A screen's generated stories, composed as Storybook prepares them (with the project's preview). */
function composedStories(screenId: string) {
  const file = flowStoryFile(flow, screenId);
  return Object.entries(file.stories).flatMap(([exportName, story]) =>
    story ? [{ exportName, story: composeStory(story, file.meta, undefined, exportName) }] : [],
  );
}

/** Runs a composed story in a fresh canvas, as Storybook does, and returns the canvas. */
async function runStory(story: { run: (context?: { canvasElement: HTMLElement }) => Promise<void> }) {
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  await story.run({ canvasElement });
  return canvasElement;
}

beforeAll(async () => {
  // The lazy renderers are fetched once up front, as the app does after its first paint.
  await preloadRenderers();
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

describe('the generated flow stories', () => {
  it('have a story for every screen of the flow file', () => {
    const ids = screenIdsInFile();
    expect(ids.length).toBeGreaterThan(20);
    expect(plan.map((entry) => entry.screenId)).toEqual(ids);
    for (const id of ids) {
      const { stories } = flowStoryFile(flow, id);
      expect(Object.keys(stories).length, id).toBeGreaterThan(0);
    }
  });

  it('get a story for a screen added to the JSON, without touching a story file', () => {
    const withNewScreen = editedFlow((json) => {
      json.screens['new-bridge'] = {
        kind: 'content',
        route: '/quiz/new-bridge',
        content: [{ type: 'heading', text: 'A brand-new screen' }],
        button: 'Onwards',
        next: 'photo-analysis',
      };
      const bridge = json.screens['analysis-bridge'];
      if (bridge) bridge.next = 'new-bridge';
    });
    const added = flowStoryPlan(withNewScreen).find((entry) => entry.screenId === 'new-bridge');
    expect(added).toMatchObject({ title: 'Flow/quiz/new-bridge', route: '/quiz/new-bridge' });
    expect(Object.keys(flowStoryFile(withNewScreen, 'new-bridge').stories)).toEqual(['Screen']);
  });

  const cases = plan.flatMap((entry) =>
    composedStories(entry.screenId).map(({ exportName, story }) => ({
      name: `${entry.title} › ${exportName}`,
      story,
    })),
  );

  it.each(cases)('$name renders its screen through the engine with no axe violations', async ({ story }) => {
    const canvas = await runStory(story);
    expect(canvas.querySelector('main')).not.toBeNull();
    // jsdom lays nothing out, so contrast can't be measured here (the a11y addon checks it in Storybook).
    const results = await axe.run(canvas, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it.each(plan.filter((entry) => entry.stories.length === 3))(
    '$title shows a different result to the low, medium and high visitors',
    async ({ screenId }) => {
      const shown: string[] = [];
      for (const { story } of composedStories(screenId)) {
        const canvas = await runStory(story);
        shown.push(canvas.querySelector('main')?.textContent ?? '');
      }
      expect(new Set(shown).size).toBe(3);
    },
  );
});
