/**
 * Enforces the JavaScript budgets of DESIGN.md §7 on the build in dist/, gzip-compressed, and exits 1
 * above either:
 * - the first bundle (the entry script of dist/index.html and every chunk it preloads) ≤ 106 KB; it
 *   also fails when a library that must stay out of it (framer-motion, ajv, supabase-js, web-vitals)
 *   is found there or anywhere in the first load's chunk graph (the entries and their static imports);
 * - JS before the first question (the first bundle plus the first question's renderer chunk and its
 *   imports, see lib/before-first-question.ts) ≤ 110 KB.
 * Run by `npm run build`. `FLOW` picks the flow, as for every command (supabase/functions/_shared/flow-path.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  forbiddenInFirstLoad,
  parseFlowGraph,
  parseManifest,
  scriptsBeforeFirstQuestion,
  type FlowGraph,
  type Manifest,
} from './lib/before-first-question.ts';
import { FIRST_SCREEN_BUDGET_BYTES, firstScreenScripts, forbiddenLibraries } from '../common/flow-plugin/first-screen.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

const FIRST_BUNDLE_BUDGET = FIRST_SCREEN_BUDGET_BYTES;
const FIRST_QUESTION_BUDGET = 110 * 1024;
const dist = process.argv[2] ?? 'dist';
const flowPath = flowFile();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

let failed = false;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = firstScreenScripts(html);
if (files.length === 0) {
  console.error(`✗ ${dist}/index.html loads no module script: is this a Vite build?`);
  process.exit(1);
}
let total = 0;
const found: string[] = [];
for (const file of files) {
  const code = readFileSync(join(dist, file));
  total += gzipSize(file);
  found.push(...forbiddenLibraries(code.toString('utf8')).map((lib) => `${lib} in ${file}`));
  console.log(`  ${file.padEnd(40)} ${kb(code.length).padStart(9)}  gzip ${kb(gzipSize(file)).padStart(8)}`);
}
const verdict = total <= FIRST_BUNDLE_BUDGET ? '✓' : '✗';
console.log(`${verdict} first screen JavaScript: ${kb(total)} gzip (budget ${kb(FIRST_BUNDLE_BUDGET)})`);
for (const f of found) console.error(`✗ must not be in the first screen: ${f}`);
failed ||= total > FIRST_BUNDLE_BUDGET || found.length > 0;

const manifestFile = join(dist, '.vite', 'manifest.json');
let manifest: Manifest;
let flow: FlowGraph;
try {
  manifest = parseManifest(JSON.parse(readFileSync(manifestFile, 'utf8')));
  flow = parseFlowGraph(JSON.parse(readFileSync(flowPath, 'utf8')));
} catch (error) {
  console.error(
    `✗ cannot read ${manifestFile} or ${flowPath}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
// The first load's chunk graph, read from the manifest: a library pulled in by a static import is
// caught even where the page does not preload its chunk.
const lateLibraries = forbiddenInFirstLoad(manifest, (file) => readFileSync(join(dist, file), 'utf8')).filter(
  (found) => !files.some((file) => found.endsWith(` in ${file}`)),
);
for (const f of lateLibraries) console.error(`✗ must not be in the first load's static imports: ${f}`);
failed ||= lateLibraries.length > 0;

const before = scriptsBeforeFirstQuestion(manifest, flow);
const extra = before.files.filter((file) => !files.includes(file));
for (const file of extra) console.log(`  + ${file.padEnd(38)} gzip ${kb(gzipSize(file)).padStart(8)}`);
// The first bundle (with what its page preloads, such as its language's texts) and the question's chunks.
const beforeTotal = [...new Set([...files, ...before.files])].reduce((sum, file) => sum + gzipSize(file), 0);
const beforeVerdict = beforeTotal <= FIRST_QUESTION_BUDGET ? '✓' : '✗';
console.log(
  `${beforeVerdict} JavaScript before the first question ("${before.question}"): ${kb(beforeTotal)} gzip (budget ${kb(FIRST_QUESTION_BUDGET)})`,
);
failed ||= beforeTotal > FIRST_QUESTION_BUDGET;

// Each language's pages (scripts/lib/language-pages.ts) preload its own texts: both budgets, per language.
const langDir = join(dist, '_lang');
const languages = existsSync(langDir) ? readdirSync(langDir).sort() : [];
for (const language of languages) {
  const page = join('_lang', language, 'index.html');
  if (!existsSync(join(dist, page))) continue;
  const own = firstScreenScripts(readFileSync(join(dist, page), 'utf8'));
  const first = own.reduce((sum, file) => sum + gzipSize(file), 0);
  // Its own first-screen scripts plus the chunks the first question adds (`extra`): not the default
  // page's own scripts, which hold the default language's texts this page never loads.
  const question = [...new Set([...own, ...extra])].reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = first <= FIRST_BUNDLE_BUDGET && question <= FIRST_QUESTION_BUDGET;
  console.log(
    `${ok ? '✓' : '✗'} language ${language}: first screen ${kb(first)} gzip (budget ${kb(FIRST_BUNDLE_BUDGET)}), before the first question ${kb(question)} (budget ${kb(FIRST_QUESTION_BUDGET)})`,
  );
  failed ||= !ok;
}
if (failed) process.exit(1);
