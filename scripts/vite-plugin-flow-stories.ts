/**
 * Storybook stories generated from the flow file, with nothing to regenerate by hand:
 *
 * - `flowStoriesIndexer()` tells Storybook which stories the flow file holds (one per screen, three
 *   for screens that show the result), titled by route. The flow file is in main.ts's `stories`, so
 *   Storybook re-indexes whenever a marketer saves it.
 * - `flowStoriesPlugin()` serves each screen's story module, `virtual:flow-stories/<screen id>`:
 *   static CSF exports (Storybook needs named exports) whose stories flowStoryFile() builds from the
 *   validated flow (`virtual:flow`) at run time.
 *
 * Both read the plan of src/flow-stories/flow-story-plan.ts, so the index and the modules agree.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Indexer, StoryIndexInput } from 'storybook/internal/types';
import type { Plugin } from 'vite';
import type { Flow } from '../src/engine/flow-model.ts';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { flowStoryPlan, type ScreenStories } from '../src/flow-stories/flow-story-plan.ts';
import { RESULT_KEYS } from '../src/scoring/compute-result.ts';
import { flowFile } from './lib/flow-path.ts';

const PREFIX = 'virtual:flow-stories/';
const RESOLVED_PREFIX = `\0${PREFIX}`;
const BUILDER = 'src/flow-stories/flow-story-file.tsx';

/** The story module id of a screen (the index's importPath). */
export function storyModuleId(screenId: string): string {
  return `${PREFIX}${screenId}`;
}

/** Reads and validates a flow file; throws with every issue (file:line:col) when it is invalid. */
export async function readFlow(path: string, shown: string = path): Promise<Flow> {
  const text = await readFile(path, 'utf8');
  const { flow, errors } = validateFlowText(text, { file: shown, resultKeys: RESULT_KEYS });
  if (!flow) throw new Error(`the flow file ${shown} is invalid:\n${errors.map(formatIssue).join('\n')}`);
  return flow;
}

/** The index entries of a flow's stories: one per planned story, importing its screen's module. */
export function flowIndexInputs(plan: readonly ScreenStories[]): StoryIndexInput[] {
  return plan.flatMap((screen) =>
    screen.stories.map((story) => ({
      type: 'story' as const,
      importPath: storyModuleId(screen.screenId),
      exportName: story.exportName,
      name: story.name,
      title: screen.title,
      tags: ['flow'],
    })),
  );
}

/** Storybook's indexer for the flow file (`file`, relative to the working directory; default FLOW's). */
export function flowStoriesIndexer(file: string = flowFile()): Indexer {
  const absolute = resolve(file);
  return {
    test: new RegExp(`${escapeRegExp(absolute)}$`),
    createIndex: async (fileName) =>
      flowIndexInputs(flowStoryPlan(await readFlow(fileName, relative(process.cwd(), fileName)))),
  };
}

/** The source of one screen's story module: CSF exports of what flowStoryFile() builds. */
export function flowStoryModuleCode(screen: ScreenStories, builderPath: string): string {
  const lines = [
    `import flow from 'virtual:flow';`,
    `import scoring from 'virtual:flow-scoring';`,
    `import { flowStoryFile } from ${JSON.stringify(builderPath)};`,
    `const file = flowStoryFile(scoring ? { ...flow, scoring } : flow, ${JSON.stringify(screen.screenId)});`,
    `export default file.meta;`,
    ...screen.stories.map((story) => `export const ${story.exportName} = file.stories.${story.exportName};`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The Vite plugin serving `virtual:flow-stories/<screen id>` (use beside flowPlugin()). */
export function flowStoriesPlugin(options: { file?: string } = {}): Plugin {
  const file = options.file ?? flowFile();
  let root = process.cwd();
  return {
    name: 'funnel-flow-stories',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const path = resolve(root, file);
      this.addWatchFile(path);
      const flow = await readFlow(path, relative(root, path));
      const screenId = id.slice(RESOLVED_PREFIX.length);
      const screen = flowStoryPlan(flow).find((entry) => entry.screenId === screenId);
      if (!screen) return this.error(`the flow file ${file} has no screen "${screenId}" (any more)`);
      return flowStoryModuleCode(screen, resolve(root, BUILDER));
    },
    // A saved flow file can add or drop a screen's stories: its modules must be rebuilt.
    hotUpdate({ file: changed }) {
      if (resolve(changed) !== resolve(root, file)) return undefined;
      for (const module of this.environment.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(RESOLVED_PREFIX)) this.environment.moduleGraph.invalidateModule(module);
      }
      return undefined;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
