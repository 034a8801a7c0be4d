/**
 * The label of every option an answer can hold, from the screens that ask it, so copy can show
 * `{answers.plan:label}` ("Twice a week") instead of the stored value ("twice-weekly").
 */
import type { Flow } from './flow-model.ts';
import type { OptionLabels } from './template.ts';

export function optionLabels(flow: Flow): OptionLabels {
  const labels: Record<string, Record<string, string>> = {};
  for (const screen of Object.values(flow.screens)) {
    if (screen.kind !== 'single-choice' && screen.kind !== 'multi-select') continue;
    const own = (labels[screen.answer] ??= {});
    // The first screen that labels a value wins, so two screens sharing an answer read alike.
    for (const option of screen.options) own[option.value] ??= option.label;
  }
  return labels;
}
