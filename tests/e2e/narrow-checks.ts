/**
 * What a small phone (360 × 640 CSS px) must show on every screen of the main path, checked on the
 * walk of main-path.test.ts: no option's stored value (a code like "1-2-years") in the text a visitor
 * reads, nothing wider than the screen, no label pill outside its image, the question in the first
 * screenful and above the sticky button, and each option clear of that button once it is scrolled to
 * (focused).
 */
import type { Page } from 'playwright-core';
import { copy, flow, screenOf } from './funnel.ts';

export const PHONE = { width: 360, height: 640 };

/** Every option value in the flow that reads as a code rather than a word (e.g. "6-12-months"). */
export const CODES = [
  ...new Set(
    Object.values(flow.screens).flatMap((s) =>
      (s.options ?? [])
        .filter((o) => /^[a-z0-9]+(-[a-z0-9]+)+$/.test(o.value) && o.value !== o.label)
        .map((o) => o.value),
    ),
  ),
];

/** The codes shown as whole words in the page's visible text. */
export async function codesShown(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return CODES.filter((code) => new RegExp(`(^|[^\\w-])${code}([^\\w-]|$)`).test(text));
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Things wider than the screen, and pills or marks sticking out of their image, as readable lines. */
export async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
        found.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 30)}" spans ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
    }
    // A label pill over a before/after image, or a sample mark over any image, stays well inside it.
    const inside = Array.from(
      document.querySelectorAll('main figure figure > figcaption, main [data-sample-mark]'),
    );
    for (const element of inside) {
      const image = element.parentElement?.querySelector('img');
      // The next screen, drawn ahead of the tap, is in the page but not shown.
      if (!image || !element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      const frame = image.getBoundingClientRect();
      // Inside with a margin: a pill that touches the edge runs into the image's rounded corner.
      const margin = 4;
      if (
        box.left < frame.left + margin ||
        box.right > frame.right - margin ||
        box.top < frame.top + margin ||
        box.bottom > frame.bottom - margin
      )
        found.push(`"${element.textContent}" sticks out of its image`);
    }
    return found;
  });
}

/** The top of the sticky action bar (the viewport's bottom when the screen has none). */
async function barTop(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = Array.from(document.querySelectorAll('main *')).find(
      (e) => e.checkVisibility() && getComputedStyle(e).position === 'sticky',
    );
    return bar ? bar.getBoundingClientRect().top : window.innerHeight;
  });
}

async function boxOf(page: Page, selector: ReturnType<Page['locator']>): Promise<Box> {
  const box = await selector.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  return box;
}

/** The question (or a form's first field) in the first screenful, above the sticky button; each option clear of it when focused. */
export async function questionChecks(page: Page, id: string): Promise<string[]> {
  const screen = screenOf(id);
  const problems: string[] = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = screen.question
    ? page.getByRole('heading', { name: copy(screen.question), exact: true })
    : screen.fields?.[0]
      ? page.getByLabel(screen.fields[0].label, { exact: true })
      : undefined;
  // The question and its first answer: a question whose answers start under the fold isn't shown yet.
  const firstOption = screen.options?.[0];
  const firstAnswer = firstOption
    ? page
        .getByRole(screen.kind === 'single-choice' ? 'radio' : 'checkbox', {
          name: firstOption.label,
          exact: true,
        })
        .locator('xpath=..')
    : undefined;
  for (const [what, locator] of [
    [screen.question ?? screen.fields?.[0]?.label ?? '', first],
    [`first option "${firstOption?.label}"`, firstAnswer],
  ] as const) {
    if (!locator) continue;
    const box = await boxOf(page, locator);
    const limit = await barTop(page);
    if (box.top < 0 || box.bottom > limit)
      problems.push(
        `${id}: ${what} spans ${Math.round(box.top)}..${Math.round(box.bottom)}, first screenful ends at ${Math.round(limit)}`,
      );
  }
  for (const option of screen.options ?? []) {
    const input = page.getByRole(screen.kind === 'single-choice' ? 'radio' : 'checkbox', {
      name: option.label,
      exact: true,
    });
    await input.focus();
    const card = await boxOf(page, input.locator('xpath=..'));
    const limit = await barTop(page);
    if (card.bottom > limit + 0.5)
      problems.push(
        `${id}: option "${option.label}" ends at ${Math.round(card.bottom)}, under the button at ${Math.round(limit)}`,
      );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return problems;
}

/** Every narrow-phone check of screen `id`, shown in `page`, as readable lines (none: all hold). */
export async function narrowProblems(page: Page, id: string): Promise<string[]> {
  await page.waitForLoadState('load');
  return [
    ...(await codesShown(page)).map((code) => `${id}: shows the code "${code}"`),
    ...(await overflow(page)).map((line) => `${id}: ${line}`),
    ...(await questionChecks(page, id)),
  ];
}
