// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignVariants, variantOverrides } from '../../src/engine/experiment-assignment.ts';
import type { Flow } from '../../src/engine/flow-model.ts';
import { VISITOR_ID_KEY } from '../../src/app/experiments.ts';
import { experimentAttributes, VARIANT_PICK_SCRIPT, variantDrawings, type DrawnExperiment } from './variant-pick-script.ts';

const experiment: DrawnExperiment = {
  id: 'headline',
  start: '2026-11-01',
  stop: '2026-11-30',
  variants: [
    ['control', 30],
    ['bold', 50],
    ['calm', 20],
  ],
};
// The same experiment as the engine reads it (only the control leaves the page as drawn).
const flow = {
  experiments: [
    {
      id: experiment.id,
      goal: 'lead',
      start: experiment.start,
      stop: experiment.stop,
      variants: experiment.variants.map(([id, weight]) => ({ id, weight, patches: [] })),
    },
  ],
} as unknown as Flow;

/** Loads the drawn page (base in #root, the two changed variants as templates) and runs the script. */
function load(search = ''): { shown: string; variant: string | undefined } {
  window.history.replaceState(null, '', `/page${search}`);
  const drawings = new Map([
    ['bold', '<h1>Bold</h1>'],
    ['calm', '<h1>Calm</h1>'],
  ]);
  document.body.innerHTML = `<div id="root" data-prerendered="/page"${experimentAttributes(experiment)}><h1>Base</h1></div>${variantDrawings(drawings)}`;
  new Function(VARIANT_PICK_SCRIPT)();
  const root = document.getElementById('root');
  return { shown: root?.textContent ?? '', variant: root?.dataset['variant'] };
}

const engineVariant = (visitorId: string, now: Date, search = '') =>
  assignVariants(flow, visitorId, now, variantOverrides(search)).assignments[0]?.variant ?? '';
const SHOWN: Record<string, string> = { '': 'Base', control: 'Base', bold: 'Bold', calm: 'Calm' };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the variant pick on a prerendered page", () => {
  it('shows the variant the engine assigns, for many visitors', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      localStorage.setItem(VISITOR_ID_KEY, id);
      const expected = engineVariant(id, new Date());
      expect(load()).toEqual({ shown: SHOWN[expected], variant: `headline:${expected}` });
      seen.add(expected);
    }
    expect([...seen].sort()).toEqual(['bold', 'calm', 'control']);
  });

  it('stores a visitor id for a first visit, the one main.tsx then assigns with', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const { variant } = load();
    const id = localStorage.getItem(VISITOR_ID_KEY) ?? '';
    expect(id).toHaveLength(36);
    expect(variant).toBe(`headline:${engineVariant(id, new Date())}`);
  });

  it('keeps the base drawing outside the experiment days, and obeys ?variant= like the engine', () => {
    localStorage.setItem(VISITOR_ID_KEY, '00000000-0000-4000-8000-000000000001');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    expect(load()).toEqual({ shown: 'Base', variant: 'headline:' });
    expect(engineVariant('00000000-0000-4000-8000-000000000001', new Date())).toBe('');
    for (const search of ['?variant=headline:calm', '?variant=headline:bold&variant=headline:calm', '?variant=headline:nope', '?variant=other:bold']) {
      const expected = engineVariant('00000000-0000-4000-8000-000000000001', new Date(), search);
      expect(load(search), search).toEqual({ shown: SHOWN[expected], variant: `headline:${expected}` });
    }
  });
});
