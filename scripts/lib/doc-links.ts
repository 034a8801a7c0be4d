/**
 * The docs' own checks: every relative link and image of a Markdown page resolves (the file, and a
 * `#anchor` into a Markdown page names one of its headings, by GitHub's slugs), and the README stays
 * short and free of the work's history (no issue or round numbers). Used by tests/docs.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const README_MAX_LINES = 200;

/** README.md and every Markdown file under docs/, as paths relative to the root. */
export function docPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) pages.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return pages;
}

/** The text with fenced code blocks (and inline code unless kept) blanked, their lines kept. */
function withoutCode(text: string, keepInline = false): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length)
          fence = undefined;
        return '';
      }
      if (marker !== undefined) {
        fence = marker;
        return '';
      }
      return keepInline ? line : line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

export interface Link {
  line: number;
  target: string;
}

/** Markdown links and images (`[text](target)`, `![alt](target)`) and HTML `src`/`href` attributes. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        links.push({ line: index + 1, target: match[1] ?? '' });
      for (const match of line.matchAll(/\b(?:src|href)="([^"]+)"/g))
        links.push({ line: index + 1, target: match[1] ?? '' });
    });
  return links;
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown page offers: one per heading, repeats numbered as GitHub does (-1, -2, …). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCode(text, true).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** Each broken relative link of one page, as `page:line: target: why`. */
export function brokenLinks(root: string, page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8');
  const problems: string[] = [];
  for (const { line, target } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …: not ours to check
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart);
    const file = path === '' ? join(root, page) : resolve(root, dirname(page), path);
    const where = `${page}:${line}: ${target}`;
    if (relative(root, file).startsWith('..')) {
      problems.push(`${where}: points outside the repository`);
      continue;
    }
    if (!existsSync(file)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor !== undefined && anchor !== '' && file.endsWith('.md')) {
      if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)))
        problems.push(`${where}: no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}

/** What keeps a README from being the five-minute read: its length, and issue or round numbers. */
export function readmeProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lines > README_MAX_LINES) problems.push(`README.md has ${lines} lines; at most ${README_MAX_LINES}`);
  text.split('\n').forEach((line, index) => {
    const history = /\b(?:issues?|round)\s*#?\d+|(?:^|[\s(])#\d+\b/i.exec(line)?.[0];
    if (history !== undefined)
      problems.push(
        `README.md:${index + 1}: names "${history.trim()}"; the history belongs in git, not the README`,
      );
  });
  return problems;
}
