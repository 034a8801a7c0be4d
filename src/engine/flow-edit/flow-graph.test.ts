/**
 * The flow map as data: every screen a node, every transition an edge with its words, timers and exits
 * marked, the main column told from deep-link chains, and the checker's findings pinned where they belong.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFlow } from './check-flow.ts';
import { editFlow } from './edit-flow.ts';
import { flowGraphOfText } from './flow-graph.ts';

const FILE = 'flows/shoe-finder.json';
const TEXT = readFileSync(FILE, 'utf8');

describe('flowGraph', () => {
  it('draws every screen, transition, timer and exit of the flow', () => {
    const graph = flowGraphOfText(TEXT);
    if (!graph) throw new Error('not a flow');
    const screens = Object.keys((JSON.parse(TEXT) as { screens: object }).screens);
    expect(graph.nodes.filter((n) => n.kind !== 'exit').map((n) => n.id)).toEqual(screens);
    expect(graph.nodes.find((n) => n.id === 'start')).toMatchObject({ start: true, main: true, route: '/', progress: '1/10' });
    expect(graph.nodes.find((n) => n.id === 'not-found')).toMatchObject({ notFound: true, main: false });
    expect(graph.edges.find((e) => e.source === 'start')).toMatchObject({ target: 'distance', via: 'timer', label: 'after 500 ms', dotted: true, pointer: '/screens/start/after/to' });
    expect(graph.edges.find((e) => e.source === 'distance')).toMatchObject({ target: 'weekly', via: 'tap', label: 'Continue', pointer: '/screens/distance/next' });
    expect(graph.edges.find((e) => e.source === 'result' && e.via === 'requires')).toMatchObject({ target: 'start', when: expect.stringContaining('answers.distance') as string, label: expect.stringMatching(/^opened without .*answers\.distance/) as string });
    expect(graph.nodes.find((n) => n.id === 'go:exit')).toMatchObject({ kind: 'exit', url: 'https://example.com/shoes' });
    expect(graph.edges.find((e) => e.target === 'go:exit')).toMatchObject({ via: 'exit', label: 'after 1500 ms' });
    expect(graph.edges.every((e) => !e.missingTarget)).toBe(true);
  });

  it('words a branch and pins the checker findings on the edge and the nodes they concern', () => {
    const edit = editFlow(
      TEXT,
      [
        { op: 'replace', path: '/screens/distance/next', value: [{ when: { '==': [{ var: 'answers.distance' }, 'ultra'] }, to: 'nowhere' }, { to: 'weekly' }] },
        { op: 'replace', path: '/screens/feel/next', value: 'nowhere-else' },
      ],
      { file: FILE, draft: true },
    );
    if (!edit.ok) throw new Error(edit.message);
    const check = checkFlow(edit.text, { file: FILE });
    const graph = flowGraphOfText(edit.text, check.findings);
    if (!graph) throw new Error('not a flow');
    const branch = graph.edges.find((e) => e.pointer === '/screens/distance/next/0');
    expect(branch).toMatchObject({ target: 'nowhere', missingTarget: true, when: 'answers.distance == "ultra"', label: 'Continue if answers.distance == "ultra"' });
    expect(branch?.findings.map((f) => f.pointer)).toEqual(['/screens/distance/next/0/to']);
    expect(graph.edges.find((e) => e.pointer === '/screens/distance/next/1')).toMatchObject({ label: 'Continue, otherwise', findings: [] });
    const pinned = [...graph.nodes.flatMap((n) => n.findings), ...graph.edges.flatMap((e) => e.findings), ...graph.findings];
    expect(pinned).toHaveLength(check.findings.length);
    expect(graph.edges.find((e) => e.source === 'feel')?.findings).toHaveLength(1);
  });

  it('is null for a text that is not a flow', () => {
    expect(flowGraphOfText('{ "version": 1 }')).toBeNull();
  });
});
