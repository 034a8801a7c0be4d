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
 * - The "Flow interactions" stories are generated the same way, from the screens the flow has
 *   (src/flow-stories/interaction-plan.ts), served as `virtual:flow-stories/(interactions)`.
 *
 * Both read the plans of src/flow-stories, so the index and the modules agree.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Indexer, StoryIndexInput } from 'storybook/internal/types';
import type { Plugin } from 'vite';
import type { Flow } from '../src/engine/flow-model.ts';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { flowStoryPlan, type ScreenStories } from '../src/flow-stories/flow-story-plan.ts';
import {
  INTERACTIONS_MODULE,
  INTERACTIONS_TITLE,
  interactionPlan,
  type PlannedInteraction,
} from '../src/flow-stories/interaction-plan.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

const PREFIX = 'virtual:flow-stories/';
const RESOLVED_PREFIX = `\0${PREFIX}`;
const BUILDER = 'src/flow-stories/flow-story-file.tsx';
const INTERACTIONS_BUILDER = 'src/flow-stories/flow-interactions.tsx';
const FAILED_VIEW = 'src/flow-stories/flow-check-failed.tsx';
/** The story module shown instead of the flow's stories while the flow file fails the checker. */
export const FLOW_CHECK_FAILED = 'flow-check-failed';

/** The story module id of a screen (the index's importPath). */
export function storyModuleId(screenId: string): string {
  return `${PREFIX}${screenId}`;
}

/** Reads and validates a flow file: the flow, or the checker's messages (file:line:col …). */
export async function checkFlowFile(path: string, shown: string = path): Promise<{ flow: Flow | null; issues: string[] }> {
  const text = await readFile(path, 'utf8').catch((cause: unknown) => {
    throw new Error(`can't read the flow file ${shown}: ${cause instanceof Error ? cause.message : String(cause)}`);
  });
  const { flow, errors } = validateFlowText(text, { file: shown });
  return { flow, issues: errors.map(formatIssue) };
}

/** Reads and validates a flow file; throws with every issue (file:line:col) when it is invalid. */
export async function readFlow(path: string, shown: string = path): Promise<Flow> {
  const { flow, issues } = await checkFlowFile(path, shown);
  if (!flow) throw new Error(`the flow file ${shown} is invalid:\n${issues.join('\n')}`);
  return flow;
}

/** The one story listed while the flow fails the checker: it shows the checker's messages. */
export function failedIndexInputs(): StoryIndexInput[] {
  return [
    {
      type: 'story',
      importPath: storyModuleId(FLOW_CHECK_FAILED),
      exportName: 'FlowCheck',
      name: 'Flow check failed',
      title: 'Flow/(flow check failed)',
      tags: ['flow'],
    },
  ];
}

/** The module of that story: the messages, drawn by FlowCheckFailed. */
export function failedStoryModuleCode(file: string, issues: readonly string[], viewPath: string): string {
  return [
    `import { FlowCheckFailed } from ${JSON.stringify(viewPath)};`,
    `export default { title: 'Flow/(flow check failed)', component: FlowCheckFailed, tags: ['flow'] };`,
    `export const FlowCheck = { args: ${JSON.stringify({ file, issues })} };`,
    '',
  ].join('\n');
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

/** The index entries of the flow's interaction stories (one module holds them all). */
export function interactionIndexInputs(plan: readonly PlannedInteraction[]): StoryIndexInput[] {
  return plan.map((story) => ({
    type: 'story' as const,
    importPath: storyModuleId(INTERACTIONS_MODULE),
    exportName: story.exportName,
    name: story.name,
    title: INTERACTIONS_TITLE,
    tags: ['flow'],
  }));
}

/** The source of the interaction stories' module: CSF exports of what flowInteractionsFile() builds. */
export function interactionModuleCode(plan: readonly PlannedInteraction[], builderPath: string): string {
  const lines = [
    `import flow from 'virtual:flow';`,
    `import model from 'virtual:flow-scoring';`,
    `import { flowInteractionsFile } from ${JSON.stringify(builderPath)};`,
    `const file = flowInteractionsFile({ ...flow, ...model });`,
    `export default file.meta;`,
    ...plan.map((story) => `export const ${story.exportName} = file.stories.${story.exportName};`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Storybook's indexer for the flow file (`file`, relative to the working directory; default FLOW's). */
export function flowStoriesIndexer(file: string = flowFile()): Indexer {
  const absolute = resolve(file);
  return {
    test: new RegExp(`${escapeRegExp(absolute)}$`),
    // A broken flow lists one story with the checker's messages instead of failing Storybook's index.
    createIndex: async (fileName) => {
      const { flow } = await checkFlowFile(fileName, relative(process.cwd(), fileName));
      return flow
        ? [...flowIndexInputs(flowStoryPlan(flow)), ...interactionIndexInputs(interactionPlan(flow))]
        : failedIndexInputs();
    },
  };
}

/** The source of one screen's story module: CSF exports of what flowStoryFile() builds. */
export function flowStoryModuleCode(screen: ScreenStories, builderPath: string): string {
  const lines = [
    `import flow from 'virtual:flow';`,
    `import model from 'virtual:flow-scoring';`,
    `import { flowStoryFile } from ${JSON.stringify(builderPath)};`,
    `const file = flowStoryFile({ ...flow, ...model }, ${JSON.stringify(screen.screenId)});`,
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
      const screenId = id.slice(RESOLVED_PREFIX.length);
      const { flow, issues } = await checkFlowFile(path, relative(root, path));
      if (!flow || screenId === FLOW_CHECK_FAILED) {
        return failedStoryModuleCode(relative(root, path), issues, resolve(root, FAILED_VIEW));
      }
      if (screenId === INTERACTIONS_MODULE) {
        return interactionModuleCode(interactionPlan(flow), resolve(root, INTERACTIONS_BUILDER));
      }
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
