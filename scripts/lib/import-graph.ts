/**
 * The project's own import graph, type-only and dynamic imports included, and its circles. ESLint's
 * import-x/no-cycle follows value imports only; a circle made of `import type` still ties two modules
 * together (neither can be understood or moved alone), so tests/import-cycles.test.ts looks for those.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type ImportGraph = Map<string, string[]>;

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*${},\s]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative module specifiers a source file imports or re-exports (static, type-only, dynamic). */
export function importSpecifiers(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...withoutComments.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean);
}

function sourceFiles(root: string, dir: string, skip: (path: string) => boolean): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || skip(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path, skip);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  return undefined;
}

/** The graph of the files under `dirs`: each file and the project files it imports. */
export function importGraph(
  root: string,
  dirs: readonly string[],
  skip: (path: string) => boolean = () => false,
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(root, dir, skip))) {
    const targets = importSpecifiers(readFileSync(join(root, file), 'utf8'))
      .map((specifier) => resolveSpecifier(root, file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle of the graph (Tarjan's strongly connected components of two or more, or a self-import). */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
