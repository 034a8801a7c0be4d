/**
 * Serves `virtual:flow`: the flow file, validated at build time, as a plain object literal. A broken
 * flow fails `vite build` and shows in the dev server's error overlay, so it never reaches a visitor;
 * ajv stays here, in Node, and never enters the browser bundle.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { RESULT_KEYS } from '../src/scoring/compute-result.ts';
import { flowFile } from './lib/flow-path.ts';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';

const VIRTUAL_ID = 'virtual:flow';
const RESOLVED_ID = '\0virtual:flow';
// The scoring section is served on its own, so its weights load with the result code after the
// first screen instead of in the first screen's bundle.
const SCORING_ID = 'virtual:flow-scoring';
const RESOLVED_SCORING_ID = '\0virtual:flow-scoring';

export interface FlowPluginOptions {
  /** The flow file, relative to Vite's root (default: FLOW, else the default flow; scripts/lib/flow-path.ts). */
  file?: string;
  /** The keys the scoring computes, readable as {result.key} (default: the scoring's RESULT_KEYS). */
  resultKeys?: readonly string[];
}

/** The Vite plugin that validates the flow file and serves it as `virtual:flow`. */
export function flowPlugin(options: FlowPluginOptions = {}): Plugin {
  const file = options.file ?? flowFile();
  const resultKeys = options.resultKeys ?? RESULT_KEYS;
  let root = process.cwd();
  const flowPath = () => resolve(root, file);

  return {
    name: 'funnel-flow',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      return id === SCORING_ID ? RESOLVED_SCORING_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID && id !== RESOLVED_SCORING_ID) return undefined;
      const path = flowPath();
      this.addWatchFile(path);
      const shown = relative(root, path) || path;
      const text = await readFile(path, 'utf8').catch((cause: unknown) =>
        this.error(
          `can't read the flow file ${shown}: ${cause instanceof Error ? cause.message : String(cause)}`,
        ),
      );
      const { flow, errors } = validateFlowText(text, { file: shown, resultKeys });
      if (flow === null) {
        const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
        this.error(
          `the flow file ${shown} has ${count} (npm run flow:check lists them too):\n${errors.map(formatIssue).join('\n')}`,
        );
      }
      const { scoring, ...screensAndSettings } = flow;
      const served = id === RESOLVED_ID ? screensAndSettings : (scoring ?? null);
      return `export default ${JSON.stringify(served, null, 2)};\n`;
    },
    // A failed load records no watched file, so a fix must still reload the page and clear the overlay.
    hotUpdate({ file: changed }) {
      if (resolve(changed) !== flowPath()) return undefined;
      for (const id of [RESOLVED_ID, RESOLVED_SCORING_ID]) {
        const module = this.environment.moduleGraph.getModuleById(id);
        if (module) this.environment.moduleGraph.invalidateModule(module);
      }
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
  };
}
