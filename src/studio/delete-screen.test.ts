// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFlow } from '../engine/flow-edit/check-flow.ts';
import { flowGraph } from '../engine/flow-edit/flow-graph.ts';
import { patchText } from '../engine/flow-edit/patch-text.ts';
import { deleteScreenOps, incomingEdges } from './delete-screen.ts';
import { uploadPath } from './studio-api.ts';

const text = readFileSync('flows/skin-funnel.json', 'utf8');
const flow = checkFlow(text, { file: 'flows/skin-funnel.json' }).flow;

describe('deleting a screen', () => {
  it('lists what points to it, a timer and a Continue, by the property that names it', () => {
    if (!flow) throw new Error('the skin funnel does not check');
    const incoming = incomingEdges(flowGraph(flow), 'age');
    expect(incoming.map((e) => e.pointer).sort()).toEqual(['/screens/change-speed/next', '/screens/quiz-redirect/after/to']);
  });

  it('points them where the screen led, so the flow has no new error; left alone, the checker names them', () => {
    if (!flow) throw new Error('the skin funnel does not check');
    const incoming = incomingEdges(flowGraph(flow), 'age');
    const moved = patchText(text, deleteScreenOps('age', incoming, 'cliff-education'));
    if (!moved.ok) throw new Error(moved.problem.message);
    expect(checkFlow(moved.text, { file: 'a.json' }).errors).toBe(0);
    const left = patchText(text, deleteScreenOps('age', incoming, undefined));
    if (!left.ok) throw new Error(left.problem.message);
    const pointers = checkFlow(left.text, { file: 'a.json' }).findings.filter((f) => f.severity === 'error').map((f) => f.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/screens/change-speed/next', '/screens/quiz-redirect/after/to']));
  });
});

describe('uploadPath', () => {
  it('makes a plain file name in public/uploads that is not taken', () => {
    expect(uploadPath('My Photo.JPEG', [])).toBe('public/uploads/my-photo.jpg');
    expect(uploadPath('doctor.svg', ['public/uploads/doctor.svg'])).toBe('public/uploads/doctor-2.svg');
  });
});
