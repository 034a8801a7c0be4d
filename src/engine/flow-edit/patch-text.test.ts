/**
 * JSON Patch as minimal text edits: every RFC 6902 operation, the file's layout kept around the edit,
 * and a clear problem for an operation that can't apply.
 */
import { describe, expect, it } from 'vitest';
import { patchText, type JsonPatchOp } from './patch-text.ts';

const TEXT = `{
  "list": [
    { "v": 1 },
    { "v": 2 },
    { "v": 3 }
  ],
  "inline": { "x": 1, "y": 2 },
  "empty": [],
  "words": ["p", "q"],
  "title": "Hello"
}
`;

function patched(ops: JsonPatchOp[], text = TEXT): string {
  const result = patchText(text, ops);
  if (!result.ok) throw new Error(result.problem.message);
  return result.text;
}

describe('patchText', () => {
  it('replaces a value on its own line and leaves every other byte alone', () => {
    expect(patched([{ op: 'replace', path: '/title', value: 'Bye' }])).toBe(TEXT.replace('"Hello"', '"Bye"'));
  });

  it('adds list items in the list layout: "-" appends, an index inserts', () => {
    const text = patched([
      { op: 'add', path: '/list/-', value: { v: 4 } },
      { op: 'add', path: '/list/0', value: { v: 0 } },
      { op: 'add', path: '/words/-', value: 'r' },
      { op: 'add', path: '/empty/-', value: 'only' },
    ]);
    expect(text).toContain('    { "v": 0 },\n    { "v": 1 },');
    expect(text).toContain('    { "v": 3 },\n    { "v": 4 }\n  ],');
    expect(text).toContain('"words": ["p", "q", "r"]');
    expect(text).toContain('"empty": ["only"]');
  });

  it('adds members inline or one per line, as the object is written, and opens up long values', () => {
    const text = patched([
      { op: 'add', path: '/inline/z', value: 3 },
      {
        op: 'add',
        path: '/screen',
        value: { kind: 'content', content: [{ type: 'heading', text: 'A heading long enough to need lines of its own here' }], next: 'x' },
      },
    ]);
    expect(text).toContain('"inline": { "x": 1, "y": 2, "z": 3 }');
    expect(text).toContain(
      '  "title": "Hello",\n  "screen": {\n    "kind": "content",\n    "content": [\n      { "type": "heading", "text": "A heading long enough to need lines of its own here" }\n    ],\n    "next": "x"\n  }\n}',
    );
    expect(JSON.parse(text)).toMatchObject({ screen: { next: 'x' } });
  });

  it('removes first, middle, last and only members with their separators', () => {
    const text = patched([
      { op: 'remove', path: '/list/2' },
      { op: 'remove', path: '/list/0' },
      { op: 'remove', path: '/inline/x' },
      { op: 'remove', path: '/words/0' },
      { op: 'remove', path: '/words/0' },
    ]);
    expect(text).toContain('"list": [\n    { "v": 2 }\n  ],');
    expect(text).toContain('"inline": { "y": 2 },');
    expect(text).toContain('"words": [],');
  });

  it('moves, copies and tests as RFC 6902 says', () => {
    const text = patched([
      { op: 'move', from: '/list/0', path: '/words/-' },
      { op: 'copy', from: '/inline', path: '/copy' },
      { op: 'test', path: '/copy/x', value: 1 },
    ]);
    expect(JSON.parse(text)).toMatchObject({
      list: [{ v: 2 }, { v: 3 }],
      words: ['p', 'q', { v: 1 }],
      copy: { x: 1, y: 2 },
    });
  });

  it('names the operation and the path it could not apply, and changes nothing', () => {
    const cases: [JsonPatchOp, string][] = [
      [{ op: 'replace', path: '/nope', value: 1 }, 'nothing at /nope to replace'],
      [{ op: 'add', path: '/nope/x', value: 1 }, 'nothing at /nope to add to'],
      [{ op: 'add', path: '/words/5', value: 1 }, 'index 5 is past the end of the list (it has 2 items)'],
      [{ op: 'remove', path: '/list/9' }, 'nothing at /list/9 to remove'],
      [{ op: 'test', path: '/title', value: 'x' }, 'test failed: /title holds "Hello"'],
      [{ op: 'move', from: '/inline', path: '/inline/x/y' }, "can't move /inline into itself"],
      [{ op: 'add', path: 'title', value: 1 }, 'is not a JSON pointer'],
    ];
    for (const [op, message] of cases) {
      const result = patchText(TEXT, [{ op: 'test', path: '/title', value: 'Hello' }, op]);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problem).toMatchObject({ index: 1, op: op.op, path: op.path });
      if (!result.ok) expect(result.problem.message).toContain(message);
    }
  });
});
