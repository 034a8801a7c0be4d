/**
 * Prints the JavaScript a visitor downloads before the first screen (the entry script of
 * dist/index.html and every chunk it preloads), gzip-compressed, and exits 1 above the budget of
 * DESIGN.md §7 (100 KB). It also fails when a library that must stay out of the first screen
 * (framer-motion, ajv, supabase-js) is found in it. Run by `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREEN_BUDGET_BYTES as BUDGET_BYTES, firstScreenScripts, forbiddenLibraries } from './lib/first-screen.ts';

const dist = process.argv[2] ?? 'dist';

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
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  found.push(...forbiddenLibraries(code.toString('utf8')).map((lib) => `${lib} in ${file}`));
  console.log(`  ${file.padEnd(40)} ${(code.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(gz / 1024).toFixed(1).padStart(6)} KB`);
}
const verdict = total <= BUDGET_BYTES ? '✓' : '✗';
console.log(`${verdict} first screen JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
for (const f of found) console.error(`✗ must not be in the first screen: ${f}`);
if (total > BUDGET_BYTES || found.length > 0) process.exit(1);
