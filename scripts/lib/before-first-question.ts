/**
 * Which built scripts a visitor loads before the first question is on screen: the entry, its static
 * imports (index.html's modulepreloads), and the chunk of the first question's renderer with its own
 * static imports, read from Vite's build manifest. The first question is the first screen from the
 * flow's start that waits for the visitor (the screens before it move on by themselves, via `after`).
 */

import { forbiddenLibraries } from '../../common/flow-plugin/first-screen.ts';

/** One chunk of `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The part of a flow read here: the start, and each screen's kind and onward targets. */
export interface FlowGraph {
  start: string;
  screens: Record<string, { kind: string; next?: unknown; after?: { to?: string } }>;
}

/** The first screen from the start without an `after`: the first one a visitor answers. */
export function firstQuestion(flow: FlowGraph): { id: string; kind: string } {
  const seen = new Set<string>();
  let id = flow.start;
  for (;;) {
    const screen = flow.screens[id];
    if (!screen) throw new Error(`screen "${id}" is not in the flow`);
    if (!screen.after) return { id, kind: screen.kind };
    seen.add(id);
    const to = screen.after.to ?? (typeof screen.next === 'string' ? screen.next : undefined);
    if (to === undefined || seen.has(to)) throw new Error(`screen "${id}" moves on by itself but to no new screen`);
    id = to;
  }
}

/** The source file of a screen kind's renderer (one folder per kind, see CONVENTIONS.md). */
export function rendererSource(kind: string): string {
  return `src/screens/${kind}/${kind}.tsx`;
}

/** A manifest chunk and everything it imports statically, as files relative to dist. */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

/** The first load's chunk graph: every entry chunk and what it imports statically (not its dynamic imports). */
export function firstLoadScripts(manifest: Manifest): string[] {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withStaticImports(manifest, key, files);
  return [...files];
}

/**
 * The libraries that must stay out of the first load (see forbiddenLibraries) found in its chunk graph,
 * as "<library> in <file>"; `read` gives a built file's code.
 */
export function forbiddenInFirstLoad(manifest: Manifest, read: (file: string) => string): string[] {
  return firstLoadScripts(manifest).flatMap((file) => forbiddenLibraries(read(file)).map((lib) => `${lib} in ${file}`));
}

/**
 * The scripts loaded before the first question paints. When the first question's renderer is not a
 * chunk of its own it is in the entry already (an eager kind).
 */
export function scriptsBeforeFirstQuestion(manifest: Manifest, flow: FlowGraph): { question: string; files: string[] } {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  const files = new Set<string>();
  for (const [key] of entries) withStaticImports(manifest, key, files);
  const { id, kind } = firstQuestion(flow);
  withStaticImports(manifest, rendererSource(kind), files);
  return { question: id, files: [...files] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Narrows parsed JSON to a build manifest, or throws saying what is wrong. */
export function parseManifest(json: unknown): Manifest {
  if (!isRecord(json)) throw new Error('the build manifest is not an object');
  const manifest: Manifest = {};
  for (const [key, chunk] of Object.entries(json)) {
    if (!isRecord(chunk) || typeof chunk.file !== 'string') throw new Error(`manifest entry "${key}" has no file`);
    const imports = Array.isArray(chunk.imports) ? chunk.imports.filter((i): i is string => typeof i === 'string') : [];
    manifest[key] = { file: chunk.file, isEntry: chunk.isEntry === true, imports };
  }
  return manifest;
}

/** Narrows a parsed flow file to the graph read here (the build has validated the flow fully). */
export function parseFlowGraph(json: unknown): FlowGraph {
  if (!isRecord(json) || typeof json.start !== 'string' || !isRecord(json.screens)) {
    throw new Error('the flow file has no start or screens');
  }
  const screens: FlowGraph['screens'] = {};
  for (const [id, screen] of Object.entries(json.screens)) {
    if (!isRecord(screen) || typeof screen.kind !== 'string') throw new Error(`screen "${id}" has no kind`);
    const after = isRecord(screen.after) ? { ...(typeof screen.after.to === 'string' ? { to: screen.after.to } : {}) } : undefined;
    screens[id] = { kind: screen.kind, next: screen.next, ...(after ? { after } : {}) };
  }
  return { start: json.start, screens };
}
