/**
 * The skin funnel's experiment in real Chromium: a visitor keeps her variant after a reload and in a
 * second tab (her visitor id lives in localStorage), sees that variant's headline, is exposed once
 * (only on the screen the experiment changes), and carries the variant on her step views.
 * `?variant=` overrides the split and is marked as an override.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pickVariant } from '../../src/engine/experiment-assignment.ts';
import { loadFlow } from '../support/load-flow.ts';
import { WAIT, expectScreen, routeOf } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';

const flow = loadFlow();
const experiment = flow.experiments?.find((e) => e.id === 'cliff-headline');
if (!experiment) throw new Error('the skin funnel declares no cliff-headline experiment');
const SCREEN = 'cliff-education';

/** The cliff-education headline each variant shows. */
function headlineOf(variantId: string): string {
  const variant = experiment?.variants.find((v) => v.id === variantId);
  const patch = variant?.patches.find((p) => p.path === `/screens/${SCREEN}/content/0/text`);
  if (typeof patch?.value === 'string') return patch.value;
  const screen = flow.screens[SCREEN];
  const block = screen && 'content' in screen ? screen.content?.[0] : undefined;
  if (block?.type !== 'heading') throw new Error('cliff-education has no heading');
  return block.text;
}

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness?.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

const exposures = (visitor: string) =>
  harness.rows<{ variant_id: string; override: boolean; screen: string }>(
    'select variant_id, override, screen from public.experiment_exposures where visitor_id = $1',
    [visitor],
  );

describe('the cliff-headline experiment', () => {
  it('is sticky across reloads and tabs, shows its headline and is exposed once', async () => {
    const { page, context, url, problems } = await harness.open({ visitorId: null });
    // Before the changed screen: assigned, but not exposed.
    await page.goto(url(routeOf('age')));
    await expectScreen(page, 'age');
    // The app (which loads after the page's first paint) stores the id.
    const readVisitor = () => page.evaluate(() => localStorage.getItem('funnel_visitor_id'));
    await expect.poll(readVisitor, WAIT).toMatch(/^[0-9a-f-]{36}$/);
    const visitor = await readVisitor();
    const variant = pickVariant(experiment, visitor ?? '')?.id ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await exposures(visitor ?? '')).toEqual([]);

    await page.goto(url(routeOf(SCREEN)));
    await page.getByText(headlineOf(variant), { exact: true }).waitFor();
    await page.reload();
    await page.getByText(headlineOf(variant), { exact: true }).waitFor();
    const second = await context.newPage();
    await second.goto(url(routeOf(SCREEN)));
    await second.getByText(headlineOf(variant), { exact: true }).waitFor();
    expect(await second.evaluate(() => localStorage.getItem('funnel_visitor_id'))).toBe(visitor);

    await expect
      .poll(() => exposures(visitor ?? ''), WAIT)
      .toEqual([{ variant_id: variant, override: false, screen: SCREEN }]);
    // Every step view of this visitor's sessions carries her variant.
    await expect
      .poll(
        async () =>
          (
            await harness.rows<{ variant: string | null }>(
              `select t.variants -> 'cliff-headline' ->> 'variant' as variant from public.quiz_step_tracking t
               where t.session_id in (select session_id from public.experiment_exposures where visitor_id = $1)`,
              [visitor],
            )
          ).map((row) => row.variant),
        WAIT,
      )
      .toContain(variant);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await exposures(visitor ?? '')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it.each(experiment.variants.map((v) => v.id))(
    '?variant=cliff-headline:%s shows that variant, marked as an override',
    async (variant) => {
      const { page, url, problems } = await harness.open({ visitorId: null });
      await page.goto(url(`${routeOf(SCREEN)}?variant=cliff-headline:${variant}`));
      await page.getByText(headlineOf(variant), { exact: true }).waitFor();
      const visitor = (await page.evaluate(() => localStorage.getItem('funnel_visitor_id'))) ?? '';
      await expect
        .poll(() => exposures(visitor), WAIT)
        .toEqual([{ variant_id: variant, override: true, screen: SCREEN }]);
      expect(problems).toEqual([]);
    },
  );
});
