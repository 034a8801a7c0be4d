/**
 * The visitor's CSS is written in logical properties (margin-inline-start, inset-inline-end,
 * text-align: start…), so a right-to-left language (the shoe finder's Arabic) lays every screen out
 * mirrored with no second stylesheet. This test is the lint rule that keeps it so: it fails on a
 * physical left/right property in any visitor stylesheet, or in an inline style of the visitor code
 * (`style={{ marginLeft }}`, `translateX(`), and names file:line. The studio's own CSS and code
 * (src/studio) are the editor's, in English only, and exempt.
 *
 * A line that must name a side carries `rtl-checked: <why>` in a comment on that line: a gradient's
 * direction mirrored by a `:dir(rtl)` rule, or a shape that must not mirror (a check mark is drawn the
 * same way in Arabic).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const EXEMPT_DIRS = [join(ROOT, 'src', 'studio')];

/** Physical left/right CSS, each with the logical property to write instead. */
const PHYSICAL: { pattern: RegExp; instead: string }[] = [
  { pattern: /(?:^|[\s;{])(margin|padding)-(left|right)\s*:/, instead: '$1-inline-start / $1-inline-end' },
  { pattern: /(?:^|[\s;{])border-(left|right)(-\w+)?\s*:/, instead: 'border-inline-start / border-inline-end' },
  { pattern: /(?:^|[\s;{])border-(top|bottom)-(left|right)-radius\s*:/, instead: 'border-start-start-radius and its kin' },
  { pattern: /(?:^|[\s;{])(left|right)\s*:/, instead: 'inset-inline-start / inset-inline-end' },
  { pattern: /(?:^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)\b/, instead: '$1: start / end' },
  { pattern: /\bto (left|right)\b/, instead: 'a :dir(rtl) mirror, marked rtl-checked' },
  { pattern: /translateX\(|scaleX\(/, instead: 'a :dir(rtl) mirror, marked rtl-checked' },
];

/** Shorthands whose four values run top, right, bottom, left (border-radius: from the top left corner). */
const FOUR_SIDED = /(?:^|[\s;{])((?:scroll-)?(?:margin|padding)|inset|border-(?:width|style|color)|border-radius)\s*:\s*([^;{}]+)/;

/** The values of a shorthand, split at top-level spaces (`calc(a + b)` is one value). */
function values(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text.trim()) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}

/** A four-sided shorthand whose left and right differ (so it would not mirror), or undefined. */
function lopsided(line: string): string | undefined {
  const match = FOUR_SIDED.exec(line);
  if (!match) return undefined;
  const name = match[1] ?? '';
  const v = values((match[2] ?? '').replace(/!important/, ''));
  if (name === 'border-radius') {
    const [a, b, c, d] = v;
    const uneven = (v.length === 2 && a !== b) || (v.length === 3 && a !== b) || (v.length === 4 && (a !== b || c !== d));
    return uneven ? `border-start-start-radius and its kin (${name} names corners)` : undefined;
  }
  const [base, side] = name.startsWith('border-') ? ['border', `-${name.slice(7)}`] : [name, ''];
  return v.length === 4 && v[1] !== v[3] ? `${base}-block${side} and ${base}-inline${side} (its right and left values differ)` : undefined;
}

/** Every .css file under `dir`, but for the exempt folders. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return EXEMPT_DIRS.includes(path) ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The physical properties of one stylesheet, as "file:line: what — write instead". */
function physicalLines(file: string, text: string): string[] {
  const found: string[] = [];
  // Comments (but for an rtl-checked mark) are no CSS: blank them, keeping the line count.
  const lines = text.replace(/\/\*[\s\S]*?\*\//g, (c) => (c.includes('rtl-checked') ? 'RTL_CHECKED' : c.replace(/[^\n]/g, ' '))).split('\n');
  lines.forEach((line, index) => {
    if (line.includes('RTL_CHECKED')) return;
    const uneven = lopsided(line);
    if (uneven) {
      found.push(`${file}:${index + 1}: "${line.trim()}" is physical; write ${uneven}`);
      return;
    }
    for (const { pattern, instead } of PHYSICAL) {
      const match = pattern.exec(line);
      if (!match) continue;
      const write = instead.replace(/\$(\d)/g, (_m, n: string) => match[Number(n)] ?? '');
      found.push(`${file}:${index + 1}: "${line.trim()}" is physical; write ${write}`);
      break;
    }
  });
  return found;
}

/** Physical sides in style objects of the visitor's code (React `style={{…}}`, element.style). */
const PHYSICAL_IN_CODE =
  /\b(margin|padding|border)(Left|Right)\w*\b|\b(left|right)\s*:\s*['"`\d]|textAlign\s*:\s*['"](left|right)|\btranslateX\(|\bscaleX\(/;

/** Every .ts/.tsx source file of the visitor's app under `dir` (no tests, stories or studio). */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return EXEMPT_DIRS.includes(path) ? [] : codeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$|\.d\.ts$|\.gen\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of code that set a physical side, but for those marked rtl-checked. */
function physicalCode(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$|\/\*.*?\*\//g, '');
    const match = /^\s*\*/.test(line) ? null : PHYSICAL_IN_CODE.exec(code);
    return match && !line.includes('rtl-checked') ? [`${file}:${index + 1}: "${line.trim()}" names a physical side`] : [];
  });
}

describe('visitor CSS is logical (right-to-left ready)', () => {
  it('has no physical side in the inline styles of the visitor code', () => {
    const files = codeFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => physicalCode(relative(ROOT, file), readFileSync(file, 'utf8')))).toEqual([]);
    expect(physicalCode('x.tsx', "<div style={{ marginLeft: 4, left: '0' }} />")).toHaveLength(1);
    expect(physicalCode('x.tsx', "<div style={{ marginInlineStart: 4, insetInlineStart: '0' }} />")).toEqual([]);
  });

  it('has no physical left/right property in any visitor stylesheet', () => {
    const files = cssFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => physicalLines(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names file:line for each physical property it finds', () => {
    const css = '.a {\n  margin-left: 4px;\n  inset-inline-start: 0;\n}\n.b { right: 0; }\n.c { text-align: left; }\n';
    expect(physicalLines('x.css', css)).toEqual([
      'x.css:2: "margin-left: 4px;" is physical; write margin-inline-start / margin-inline-end',
      'x.css:5: ".b { right: 0; }" is physical; write inset-inline-start / inset-inline-end',
      'x.css:6: ".c { text-align: left; }" is physical; write text-align: start / end',
    ]);
  });

  it('refuses four-value insets and one-sided borders, and accepts their logical forms', () => {
    expect(physicalLines('x.css', '.a { inset: 0 auto 0 0; }')).toHaveLength(1);
    expect(physicalLines('x.css', '.a { border-right-color: red; }')).toHaveLength(1);
    expect(physicalLines('x.css', '.a { margin: 0 4px 0 8px; }')).toHaveLength(1);
    expect(physicalLines('x.css', '.a { border-radius: 4px 0 0 4px; }')).toHaveLength(1);
    expect(physicalLines('x.css', '.a { inset: 0; border-inline-end-color: red; padding: 0 4px; }')).toEqual([]);
    expect(physicalLines('x.css', '.a { padding: 0 var(--s) calc(var(--s) + env(safe-area-inset-bottom)); margin: 1px 2px 3px 2px; }')).toEqual([]);
  });

  it('lets a side-naming line pass only when it is marked rtl-checked', () => {
    const line = '.r { --t: linear-gradient(to right, red, blue); }';
    expect(physicalLines('x.css', line)).toHaveLength(1);
    expect(physicalLines('x.css', line.replace(' }', ' /* rtl-checked: mirrored by .r:dir(rtl) */ }'))).toEqual([]);
    expect(physicalLines('x.css', '.a { border-width: 0 2px 2px 0; }')).toEqual([
      'x.css:1: ".a { border-width: 0 2px 2px 0; }" is physical; write border-block-width and border-inline-width (its right and left values differ)',
    ]);
    expect(physicalLines('x.css', '/* left: 0 in a comment */ .a { top: 0; }')).toEqual([]);
  });
});
