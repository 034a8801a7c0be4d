import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVISION_PATTERN, flowRevision, readFlowRevision } from './flow-revision.ts';

describe('flowRevision', () => {
  it('is the same for the same bytes and different for any change', () => {
    const a = flowRevision('{"id":"x"}', [{ language: 'es', text: '{"a":"b"}' }]);
    expect(a).toMatch(REVISION_PATTERN);
    expect(flowRevision('{"id":"x"}', [{ language: 'es', text: '{"a":"b"}' }])).toBe(a);
    expect(flowRevision('{"id":"x" }', [{ language: 'es', text: '{"a":"b"}' }])).not.toBe(a);
    expect(flowRevision('{"id":"x"}', [{ language: 'es', text: '{"a":"c"}' }])).not.toBe(a);
    expect(flowRevision('{"id":"x"}', [{ language: 'fr', text: '{"a":"b"}' }])).not.toBe(a);
    expect(flowRevision('{"id":"x"}')).not.toBe(a);
  });

  it('does not depend on the order of the language files', () => {
    const es = { language: 'es', text: '1' };
    const ar = { language: 'ar', text: '2' };
    expect(flowRevision('f', [es, ar])).toBe(flowRevision('f', [ar, es]));
  });

  it('reads a flow and only its own language files from disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'revision-'));
    await writeFile(join(dir, 'a.json'), 'A');
    await writeFile(join(dir, 'a.es.json'), 'ES');
    await writeFile(join(dir, 'ab.json'), 'other flow');
    await writeFile(join(dir, 'ab.fr.json'), 'other flow language');
    expect(await readFlowRevision(join(dir, 'a.json'))).toBe(flowRevision('A', [{ language: 'es', text: 'ES' }]));
  });
});
