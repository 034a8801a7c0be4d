import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOW_PATH, loadFlow } from '../tests/support/load-flow.ts';
import { flowStoryPlan } from '../src/flow-stories/flow-story-plan.ts';
import { INTERACTIONS_TITLE, interactionPlan } from '../src/flow-stories/interaction-plan.ts';
import {
  checkFlowFile,
  failedIndexInputs,
  failedStoryModuleCode,
  FLOW_CHECK_FAILED,
  flowIndexInputs,
  flowStoriesIndexer,
  flowStoriesPlugin,
  flowStoryModuleCode,
  storyModuleId,
} from './vite-plugin-flow-stories.ts';

const flow = loadFlow();
const plan = flowStoryPlan(flow);

/** The named exports a generated module declares. */
function exportsOf(code: string): string[] {
  return [...code.matchAll(/^export const (\w+) =/gm)].map((match) => match[1] ?? '');
}

describe('the flow stories indexer', () => {
  it('indexes the shipped flow file: every screen, under its route, importing its own module', async () => {
    const indexer = flowStoriesIndexer();
    expect(indexer.test.test(FLOW_PATH)).toBe(true);
    expect(indexer.test.test(resolve('flows/other.json'))).toBe(false);
    const inputs = await indexer.createIndex(FLOW_PATH, { makeTitle: (title) => title ?? '' });
    const screens = new Set(inputs.filter((input) => input.title !== INTERACTIONS_TITLE).map((input) => input.importPath));
    expect([...screens]).toEqual(Object.keys(flow.screens).map(storyModuleId));
    // And the interaction stories the flow's screens allow, from one module.
    expect(inputs.filter((input) => input.title === INTERACTIONS_TITLE).map((input) => input.exportName)).toEqual(
      interactionPlan(flow).map((story) => story.exportName),
    );
    expect(inputs).toContainEqual(
      expect.objectContaining({
        title: 'Flow/quiz/age-selection',
        exportName: 'Screen',
        importPath: 'virtual:flow-stories/age',
      }),
    );
    expect(
      inputs.filter((input) => input.title === 'Flow/quiz/root-cause-reveal').map((input) => input.name),
    ).toEqual(['Low result', 'Medium result', 'High result']);
    // One title per screen: two screens under one title would merge in the sidebar.
    expect(new Set(plan.map((screen) => screen.title)).size).toBe(plan.length);
  });

  it('lists one story with the checker\'s messages for an invalid flow file, instead of failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-stories-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ version: 1, screens: {} }));
    const inputs = await flowStoriesIndexer(file).createIndex(file, { makeTitle: () => '' });
    expect(inputs).toEqual(failedIndexInputs());
    expect(inputs[0]).toMatchObject({ title: 'Flow/(flow check failed)', importPath: storyModuleId(FLOW_CHECK_FAILED) });
  });

  it('serves that story with the messages flow:check prints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-stories-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify({ version: 1, screens: {} }));
    const { flow, issues } = await checkFlowFile(file, 'broken.json');
    expect(flow).toBeNull();
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toMatch(/^broken\.json:1:\d+ /);
    const code = failedStoryModuleCode('broken.json', issues, '/src/flow-stories/flow-check-failed.tsx');
    expect(exportsOf(code)).toEqual(['FlowCheck']);
    expect(code).toContain(JSON.stringify(issues[0]));
  });
});

describe('the generated story modules', () => {
  it('export exactly the stories the index lists for their screen', () => {
    const inputs = flowIndexInputs(plan);
    for (const screen of plan) {
      const code = flowStoryModuleCode(screen, '/src/flow-stories/flow-story-file.tsx');
      const listed = inputs.filter((input) => input.importPath === storyModuleId(screen.screenId));
      expect(exportsOf(code), screen.screenId).toEqual(listed.map((input) => input.exportName));
      expect(code).toContain(
        `flowStoryFile({ ...flow, ...model }, ${JSON.stringify(screen.screenId)})`,
      );
    }
  });

  it('are served by the plugin for every screen, and only for screens the flow has', async () => {
    const plugin = flowStoriesPlugin();
    const resolveId = plugin.resolveId;
    const load = plugin.load;
    if (typeof resolveId !== 'function' || typeof load !== 'function')
      throw new Error('plugin hooks missing');
    const context = {
      addWatchFile: () => undefined,
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const id = await Reflect.apply(resolveId, context, ['virtual:flow-stories/age', undefined, {}]);
    expect(id).toBe('\0virtual:flow-stories/age');
    expect(await Reflect.apply(resolveId, context, ['./other.ts', undefined, {}])).toBeUndefined();
    const code: unknown = await Reflect.apply(load, context, [id, {}]);
    expect(typeof code === 'string' ? exportsOf(code) : code).toEqual(['Screen']);
    await expect(Reflect.apply(load, context, ['\0virtual:flow-stories/no-such-screen', {}])).rejects.toThrow(
      /no screen "no-such-screen"/,
    );
  });
});
