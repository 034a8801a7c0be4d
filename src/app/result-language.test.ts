import { describe, expect, it } from 'vitest';
import { translateDocument } from '../engine/i18n/translation.ts';
import { resultCodeFor } from './derive-result.ts';
import { lazyResults } from './lazy-results.ts';

/** A result model whose saved result is a table text (a band label). */
const model = {
  computations: {
    level: { '+': [{ var: 'answers.score' }, 0] },
    label: { band: [{ var: 'result.level' }, { var: 'tables.labels.bands' }, 'Low'] },
  },
  tables: { labels: { bands: [[50, 'High']] } },
};
const spanish = translateDocument(model, { '/tables/labels/bands/0/1': 'Alta' });

describe('results in another language', () => {
  it('the visitor reads the table text in her language; routes, stored values and the lead keep the flow’s own', async () => {
    const code = resultCodeFor(model, { brand: 'x' }, spanish);
    expect(code.display?.({ score: 70 }, {})).toMatchObject({ label: 'Alta' });
    expect(code.derive({ score: 70 }, {})).toMatchObject({ label: 'High' });
    // main.tsx hands `derive` to the ports (the lead's result) and to the machine; the screens get `display`.
    const results = lazyResults(() => Promise.resolve(code));
    await results.ready;
    expect(results.derive({ score: 70 }, {})).toMatchObject({ label: 'High' });
    expect(results.display?.({ score: 70 }, {})).toMatchObject({ label: 'Alta' });
  });

  it('in the default language both are the same', async () => {
    const results = lazyResults(() => Promise.resolve(resultCodeFor(model, { brand: 'x' })));
    await results.ready;
    expect(results.display?.({ score: 70 }, {})).toEqual(results.derive({ score: 70 }, {}));
  });
});
