/**
 * The README and docs/: every relative link and image resolves (file and #anchor), and the README stays
 * a five-minute read (at most 200 lines, no issue numbers). The checker itself is proved on planted
 * mistakes in a temporary folder, so a pass on the real pages means something.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, docPages, linksOf, readmeProblems } from '../scripts/lib/doc-links.ts';

const root = resolve(process.cwd());

describe('the docs', () => {
  const pages = docPages(root);

  it('are the README and the pages under docs/, an index among them', () => {
    expect(pages[0]).toBe('README.md');
    expect(pages).toContain('docs/README.md');
    expect(pages.filter((page) => page.startsWith('docs/')).length).toBeGreaterThan(10);
  });

  it('link only to files and headings that exist', () => {
    expect(pages.flatMap((page) => brokenLinks(root, page))).toEqual([]);
  });

  it('are all reachable from the docs index', () => {
    const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
    const linked = new Set(linksOf(index).map(({ target }) => `docs/${target.split('#')[0] ?? ''}`));
    const unlinked = pages.filter(
      (page) => page.startsWith('docs/') && page !== 'docs/README.md' && !linked.has(page),
    );
    expect(unlinked).toEqual([]);
  });

  it('start with a README of at most 200 lines that names no issue', () => {
    expect(readmeProblems(readFileSync(join(root, 'README.md'), 'utf8'))).toEqual([]);
  });
});

describe('the docs checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs/guide'), { recursive: true });
  writeFileSync(join(dir, 'docs/guide/page.md'), '# A page\n\n## Add a language\n\n## Twice\n\n## Twice\n');
  writeFileSync(join(dir, 'docs/shot.png'), '');

  const check = (text: string): string[] => {
    writeFileSync(join(dir, 'README.md'), text);
    return brokenLinks(dir, 'README.md');
  };

  it('passes links, images and anchors that resolve', () => {
    expect(
      check(
        '# Readme\n[a](docs/guide/page.md) [b](docs/guide/page.md#add-a-language) [c](docs/guide/page.md#twice-1)\n' +
          '![d](docs/shot.png) <img src="docs/shot.png" width="9"> [e](https://example.com/x.md) [f](#readme)\n',
      ),
    ).toEqual([]);
  });

  it('names a missing file, a missing anchor and a path outside the repository, with the line', () => {
    expect(
      check(
        '# Readme\n\n[a](docs/gone.md)\n![b](docs/guide/shot.png)\n[c](docs/guide/page.md#no-such)\n[d](../x.md)\n',
      ),
    ).toEqual([
      'README.md:3: docs/gone.md: no such file',
      'README.md:4: docs/guide/shot.png: no such file',
      'README.md:5: docs/guide/page.md#no-such: no heading with the anchor #no-such',
      'README.md:6: ../x.md: points outside the repository',
    ]);
  });

  it('ignores links inside code', () => {
    expect(check('`[a](gone.md)`\n\n```md\n[b](gone.md)\n```\n')).toEqual([]);
  });

  it("numbers repeated headings and drops punctuation as GitHub's anchors do", () => {
    expect([...anchorsOf('# Two funnels, one engine: `FLOW`\n## Twice\n## Twice\n')]).toEqual([
      'two-funnels-one-engine-flow',
      'twice',
      'twice-1',
    ]);
  });

  it('refuses a README over 200 lines, and one that names an issue or a round', () => {
    expect(readmeProblems('line\n'.repeat(200))).toEqual([]);
    expect(readmeProblems('line\n'.repeat(201))).toEqual(['README.md has 201 lines; at most 200']);
    expect(readmeProblems('## Languages (issue 32)\nHardening, round 3\nsee #28\n')).toEqual([
      'README.md:1: names "issue 32"; the history belongs in git, not the README',
      'README.md:2: names "round 3"; the history belongs in git, not the README',
      'README.md:3: names "#28"; the history belongs in git, not the README',
    ]);
  });
});
