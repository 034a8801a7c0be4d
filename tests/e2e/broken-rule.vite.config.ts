/**
 * The project's Vite config with a rule that breaks at run time (error-boundary.test.ts builds with
 * it): `virtual:flow` is served, before the flow plugin serves it, with SCREEN's next guarded by an
 * operator json-logic doesn't know, slipped in after the checker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConfig, type Plugin } from 'vite';
import base from '../../vite.config.ts';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';

/** The screen whose next the broken rule guards. */
export const SCREEN = 'skin-concerns';

function brokenRule(): Plugin {
  return {
    name: 'test-broken-rule',
    enforce: 'pre',
    load(id) {
      if (id !== '\0virtual:flow') return undefined;
      const flow: { screens: Record<string, { next?: unknown }> } = JSON.parse(
        readFileSync(join(process.cwd(), DEFAULT_FLOW_FILE), 'utf8'),
      );
      const screen = flow.screens[SCREEN];
      if (!screen || typeof screen.next !== 'string') throw new Error(`${SCREEN} no longer has a plain next`);
      screen.next = [{ when: { contains: ['dryness', { var: 'answers.skinIssues' }] }, to: screen.next }, { to: screen.next }];
      return `export default ${JSON.stringify(flow)};\n`;
    },
  };
}

export default mergeConfig(base, { plugins: [brokenRule()] });
