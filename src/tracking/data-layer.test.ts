/**
 * The dataLayer port: the documented events in order, answer keys without values, the flow's id,
 * version, variant and screen on each, and consent gating like the pixel's.
 */
import { describe, expect, it } from 'vitest';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { ConsentChoice } from './consent.ts';
import { withDataLayer, type DataLayerEvent } from './data-layer.ts';
import { createMemoryTracking } from './memory-tracking.ts';

const visitor = (answers: VisitorSnapshot['answers'] = {}): VisitorSnapshot & { leadId: string } => ({
  sessionId: '11111111-1111-4111-8111-111111111111',
  answers,
  data: {},
  leadId: '22222222-2222-4222-8222-222222222222',
});

function setup(consent: 'none' | 'required', stored: string | null = null, revision?: string) {
  const pushed: DataLayerEvent[] = [];
  let decide: (choice: ConsentChoice) => void = () => undefined;
  const inner = createMemoryTracking();
  const port = withDataLayer(inner, {
    flow: { id: 'skin-funnel', version: 3, ...(revision ? { revision } : {}) },
    consent,
    choices: { getItem: () => stored },
    target: () => ({ push: (event) => pushed.push(event) }),
    variants: () => ({ headline: 'b' }),
    onChoice: (listener) => (decide = listener),
  });
  return { port, pushed, inner, decide: (choice: ConsentChoice) => decide(choice) };
}

async function walk(port: ReturnType<typeof setup>['port']) {
  port.screenViewed({}, 'age', visitor());
  port.screenViewed({}, 'email-capture', visitor({ age: 52 }));
  await port.saveLead(visitor({ age: 52, email: 'ann@example.com', name: 'Ann' }));
  port.screenViewed({}, 'final', visitor({ age: 52, email: 'ann@example.com', name: 'Ann' }));
  port.finalClick(visitor({ age: 52, email: 'ann@example.com', name: 'Ann' }));
}

describe('the dataLayer', () => {
  it('pushes the documented events in order, with answer keys only', async () => {
    const { port, pushed, inner } = setup('none');
    await walk(port);
    expect(pushed.map((e) => [e.event, e.screen, e.answer ?? null])).toEqual([
      ['funnel_screen_view', 'age', null],
      ['funnel_answer', 'age', 'age'],
      ['funnel_screen_view', 'email-capture', null],
      ['funnel_answer', 'email-capture', 'email'],
      ['funnel_answer', 'email-capture', 'name'],
      ['funnel_lead', 'email-capture', null],
      ['funnel_screen_view', 'final', null],
      ['funnel_complete', 'final', null],
    ]);
    expect(pushed[0]).toEqual({ event: 'funnel_screen_view', flow_id: 'skin-funnel', flow_version: 3, variant: { headline: 'b' }, screen: 'age' });
    const text = JSON.stringify(pushed);
    expect(text).not.toContain('ann@example.com');
    expect(text).not.toContain('Ann');
    expect(text).not.toContain('52');
    // Every call still reaches the backend port.
    expect(inner.calls.map((call) => call.type)).toEqual(['screenViewed', 'screenViewed', 'leadSaved', 'screenViewed', 'finalClick']);
  });

  it("names the flow's revision on every event when the build stamped one", async () => {
    const { port, pushed } = setup('none', null, '0123456789ab');
    await walk(port);
    expect(pushed).toHaveLength(8);
    expect(pushed.every((event) => event['flow_revision'] === '0123456789ab')).toBe(true);
    expect(pushed[0]).toEqual({
      event: 'funnel_screen_view',
      flow_id: 'skin-funnel',
      flow_version: 3,
      flow_revision: '0123456789ab',
      variant: { headline: 'b' },
      screen: 'age',
    });
  });

  it('with consent required, holds events until the visitor accepts, then pushes them in order', async () => {
    const { port, pushed, decide } = setup('required');
    await walk(port);
    expect(pushed).toEqual([]);
    decide('granted');
    expect(pushed.map((e) => e.event)[0]).toBe('funnel_screen_view');
    expect(pushed).toHaveLength(8);
  });

  it('pushes nothing for a visitor who declined, now or earlier', async () => {
    const now = setup('required');
    await walk(now.port);
    now.decide('denied');
    await walk(now.port);
    expect(now.pushed).toEqual([]);
    const earlier = setup('required', 'denied');
    await walk(earlier.port);
    expect(earlier.pushed).toEqual([]);
  });
});
