import { describe, expect, it } from 'vitest';
import type { Assignment } from '../engine/experiment-assignment.ts';
import type { Experiment } from '../engine/flow.gen.ts';
import { createBackendTracking } from './backend-tracking.ts';
import { EXPOSURES_KEY, exposuresDue, markExposed } from './exposures.ts';

const assignment: Assignment = {
  experiment: 'cliff-headline',
  variant: 'tipping-point',
  override: false,
};

const cliffHeadline: Experiment = {
  id: 'cliff-headline',
  goal: 'lead',
  start: '2026-11-23',
  stop: '2027-02-28',
  variants: [
    { id: 'control', weight: 1, patches: [] },
    {
      id: 'tipping-point',
      weight: 1,
      patches: [{ op: 'replace', path: '/screens/cliff-education/button', value: 'Go' }],
    },
  ],
};
const brandTest: Experiment = {
  ...cliffHeadline,
  variants: [
    { id: 'control', weight: 1, patches: [] },
    { id: 'tipping-point', weight: 1, patches: [{ op: 'replace', path: '/settings/brand', value: 'Other' }] },
  ],
};

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const now = new Date('2026-12-01T10:00:00Z');
let n = 0;
const eventId = () => `e${++n}`;

describe('exposures', () => {
  it('are due on the first view of a changed screen only, once per visitor across tabs sharing storage', () => {
    const storage = memoryStorage();
    const experiments = { visitorId: 'v1', assignments: [assignment], experiments: [cliffHeadline], storage };
    expect(exposuresDue(experiments, 'age', 's1', now, eventId)).toEqual([]);
    const [first] = exposuresDue(experiments, 'cliff-education', 's1', now, eventId);
    expect(first).toMatchObject({
      visitor_id: 'v1',
      session_id: 's1',
      experiment: 'cliff-headline',
      variant: 'tipping-point',
      screen: 'cliff-education',
      override: false,
    });
    // Not recorded until the backend has it: a page left before that sends it again.
    expect(storage.getItem(EXPOSURES_KEY)).toBeNull();
    expect(
      exposuresDue(experiments, 'cliff-education', 's1', now, eventId, new Set(['cliff-headline'])),
    ).toEqual([]);
    markExposed(experiments, 'cliff-headline');
    expect(storage.getItem(EXPOSURES_KEY)).toBe('["cliff-headline"]');
    // A reload, or a second tab (another session) of the same visitor: nothing more.
    expect(exposuresDue(experiments, 'cliff-education', 's2', now, eventId)).toEqual([]);
  });

  it('a variant that changes settings is exposed on the first screen', () => {
    const experiments = {
      visitorId: 'v1',
      assignments: [assignment],
      experiments: [brandTest],
      storage: memoryStorage(),
    };
    expect(exposuresDue(experiments, 'skin-concerns', 's1', now, eventId)).toHaveLength(1);
  });

  it('the tracking port sends the variants with step views, journey steps and leads, and the exposure once', async () => {
    const sent: { fn: string; args: Record<string, unknown> }[] = [];
    const port = createBackendTracking({
      outbox: {
        enqueue: (fn, args) => {
          sent.push({ fn, args });
          return Promise.resolve();
        },
        pending: () => [],
      },
      page: { userAgent: 'UA', referrer: null },
      experiments: {
        visitorId: 'v1',
        assignments: [assignment],
        experiments: [cliffHeadline],
        storage: memoryStorage(),
      },
      log: () => undefined,
    });
    const visitor = {
      sessionId: 's1',
      answers: { name: 'Ann', email: 'ann@example.com' },
      data: {},
      leadId: null,
    };
    port.screenViewed({ journey: 'cliff_education', step: 'cliff_education' }, 'cliff-education', visitor);
    port.screenViewed({ step: 'cliff_education' }, 'cliff-education', visitor);
    await port.saveLead({ ...visitor, leadId: '11111111-1111-4111-8111-111111111111' });
    const variants = { 'cliff-headline': { variant: 'tipping-point', override: false } };
    const byFn = (fn: string) => sent.filter((call) => call.fn === fn);
    expect(byFn('track_exposure')).toHaveLength(1);
    expect(byFn('track_step_view').map((call) => call.args['variants'])).toEqual([variants, variants]);
    expect(byFn('track_journey_step')[0]?.args['variants']).toEqual(variants);
    expect(byFn('save_quiz_completion')[0]?.args['variants']).toEqual(variants);
  });

  it("every record carries the flow's revision when the build stamped one, and none when not", async () => {
    const record = async (flow: { id: string; version: number; revision?: string }) => {
      const sent: { fn: string; args: Record<string, unknown> }[] = [];
      const port = createBackendTracking({
        outbox: { enqueue: (fn, args) => (sent.push({ fn, args }), Promise.resolve()), pending: () => [] },
        page: { userAgent: 'UA', referrer: null },
        flow,
        experiments: { visitorId: 'v1', assignments: [assignment], experiments: [cliffHeadline], storage: memoryStorage() },
        log: () => undefined,
      });
      const visitor = { sessionId: 's1', answers: { name: 'Ann', email: 'ann@example.com' }, data: {}, leadId: null };
      port.screenViewed({ journey: 'cliff_education', step: 'cliff_education' }, 'cliff-education', visitor);
      port.stepTracked({ name: 'cliff_education', number: 2, completed: true }, visitor);
      await port.saveLead({ ...visitor, leadId: '11111111-1111-4111-8111-111111111111' });
      return sent.filter((call) => call.fn !== 'track_step_progress').map((call) => [call.fn, call.args['revision']]);
    };
    expect(await record({ id: 'skin-funnel', version: 1, revision: '0123456789ab' })).toEqual([
      ['track_journey_step', '0123456789ab'],
      ['track_exposure', '0123456789ab'],
      ['track_step_view', '0123456789ab'],
      ['track_step_view', '0123456789ab'],
      ['save_quiz_completion', '0123456789ab'],
    ]);
    // A flow without a stamp (an older build's page): left out, so the backend records "unknown".
    expect((await record({ id: 'skin-funnel', version: 1 })).map(([, revision]) => revision)).toEqual([
      undefined, undefined, undefined, undefined, undefined,
    ]);
  });
});
