/**
 * What a visitor sees on one screen, as text: the screen resolved exactly as the app resolves it (the
 * flow's computations give the result, placeholders filled, blocks whose `when` fails left out), for
 * one of the flow's sample visitors. An agent reads copy and numbers as a visitor would, without a
 * browser.
 */
import type { Flow } from '../../src/engine/flow.gen.ts';
import type { Answers } from '../../src/engine/flow-model.ts';
import { optionLabels } from '../../src/engine/option-labels.ts';
import { NOT_COPY, resolveScreen } from '../../src/engine/resolve-screen.ts';
import { createScopeBuilder } from '../../src/engine/scope.ts';
import { resultCodeFor } from '../../src/app/derive-result.ts';

export type SampleName = 'low' | 'medium' | 'high';

export interface ScreenDescription {
  screen: string;
  kind: string;
  route?: string;
  sample: string;
  /** The lines a visitor reads, top to bottom: `heading: …`, `option: …`, `button: …`. */
  lines: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every visible text of a resolved screen, labelled by the property (or block type) that holds it. */
function visibleLines(node: unknown, label: string, out: string[]): void {
  if (typeof node === 'string') {
    if (node.trim() !== '') out.push(`${label}: ${node}`);
  } else if (Array.isArray(node)) {
    for (const item of node) visibleLines(item, label, out);
  } else if (isRecord(node)) {
    const type = typeof node['type'] === 'string' ? node['type'] : undefined;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'options' && Array.isArray(value)) {
        for (const option of value) if (isRecord(option)) out.push(`option: ${String(option['label'])}`);
      } else if (!NOT_COPY.has(key) && key !== 'src' && key !== 'progress' && key !== 'sample') {
        visibleLines(value, key === 'text' && type ? type : key === 'items' ? (type ?? label) : key, out);
      }
    }
  }
}

/** The screen `id` for the sample visitor `sample` (the flow's `samples`, or no answers when it has none). */
export function describeScreen(flow: Flow, id: string, sample: SampleName = 'medium'): ScreenDescription {
  const screen = flow.screens[id];
  if (!screen) throw new Error(`no screen "${id}" in the flow (its screens: ${Object.keys(flow.screens).join(', ')})`);
  const visitor = flow.samples?.[sample];
  const answers: Answers = visitor?.answers ?? {};
  const scopeFor = createScopeBuilder(flow.settings, resultCodeFor(flow, flow.settings).derive, optionLabels(flow));
  const route = 'route' in screen ? screen.route : undefined;
  const resolved = resolveScreen(screen, scopeFor({ answers, data: visitor?.data ?? {}, path: route ?? '/' }, screen));
  const lines: string[] = [];
  visibleLines(resolved, screen.kind, lines);
  return {
    screen: id,
    kind: screen.kind,
    ...(route === undefined ? {} : { route }),
    sample: visitor ? sample : 'none (the flow has no samples)',
    lines,
  };
}
