/**
 * The compiled machine takes on each screen only the input of the screen's kind, and builds only the
 * states a screen can reach (compile-flow.ts): fewer state nodes and transitions for xstate to build
 * while a page loads, and no input stored by a screen that has no such input.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/compile-flow.ts';
import { loadFlow } from '../support/load-flow.ts';
import { startFunnel } from '../support/funnel-actor.ts';

const flow = loadFlow();
const PHOTO = 'data:image/jpeg;base64,AAAA';

describe("a screen's input", () => {
  it('is taken only by a screen of its kind', () => {
    const f = startFunnel(flow);
    expect(f.screen()).toBe('skin-concerns');
    const snapshot = f.actor.getSnapshot();
    expect(snapshot.can({ type: 'SELECT_OPTION', value: 'texture' })).toBe(true);
    expect(snapshot.can({ type: 'PHOTO_SELECTED', image: PHOTO })).toBe(false);
    expect(snapshot.can({ type: 'SET_VALUE', value: 40 })).toBe(false);
    expect(snapshot.can({ type: 'SET_FIELD', field: 'email', value: 'a@b.co' })).toBe(false);

    // A photo sent to a question is not kept for the photo screen.
    f.send({ type: 'PHOTO_SELECTED', image: PHOTO });
    expect(f.context().photo).toBeNull();
    f.send({ type: 'SELECT_OPTION', value: 'texture' });
    expect(f.context().answers.skinIssues).toEqual(['texture']);
  });

  it('still reaches the screens that have it: slider, photo and form', () => {
    const slider = startFunnel(flow, { path: '/quiz/age-selection' });
    expect(slider.screen()).toBe('age');
    slider.send({ type: 'SET_VALUE', value: 41 });
    expect(slider.context().answers.age).toBe(41);

    const photo = startFunnel(flow, { path: '/photo-analysis' });
    expect(photo.screen()).toBe('photo-analysis');
    photo.send({ type: 'PHOTO_SELECTED', image: PHOTO });
    expect(photo.context().photo).toBe(PHOTO);
    photo.send({ type: 'PHOTO_CLEARED' });
    expect(photo.context().photo).toBeNull();

    const form = startFunnel(flow, { path: '/quiz/email-capture' });
    expect(form.screen()).toBe('email-capture');
    form.send({ type: 'SET_FIELD', field: 'name', value: 'Ana' });
    expect(form.context().answers.name).toBe('Ana');
  });
});

describe("a screen's states", () => {
  const machine = compileFlow(flow, {
    ports: {} as never,
    deriveResult: () => ({}),
  });
  const substates = (id: string) => Object.keys(machine.root.states[id]?.states ?? {}).sort();

  it('are only those it can reach', () => {
    expect(substates('cliff-education')).toEqual(['ready']);
    expect(substates('skin-concerns')).toEqual(['ready']);
    // Busy while its submit runs.
    expect(substates('photo-analysis')).toEqual(['busy', 'ready']);
    expect(substates('contact-collection')).toEqual(['busy', 'ready']);
    // Done once its timer ran out with nowhere to go.
    expect(substates('creating-protocol')).toEqual(['done', 'ready']);
  });
});
