/**
 * What the studio serves without its token: an allow-list, not a deny-list (issue 42, break 1). The
 * studio page, its preview frame, its own API (which asks the token itself for what needs it), the
 * project's uploads, and the modules Vite serves for the studio and the preview: src/, schemas/, the
 * dependency cache and packages in node_modules/, and Vite's own client. Everything else, the local
 * database (.data/), .git/, package.json, server/, scripts/, Vite's `/__` endpoints, needs the
 * X-Studio-Token header, which a page on another origin cannot send and a browser navigation never
 * carries. Paths are judged as Vite would read them: a path written in any roundabout way (`..`,
 * encoded dots or slashes, `//`, a backslash) is refused outright rather than interpreted.
 */
import { relative, isAbsolute, sep } from 'node:path';

export type Admission =
  /** Malformed: answered 400 with `message`. */
  | { kind: 'bad'; message: string }
  /** Served without the token; `path` is the decoded pathname. */
  | { kind: 'open'; path: string }
  /** Served only with the run's token in the X-Studio-Token header. */
  | { kind: 'token'; path: string };

/** The policy every uploaded SVG (and any .svg the studio serves) carries: no script, no plugin, no form. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

// Encoded dot, slash, backslash or NUL: a real browser sends none of them in a path it built itself.
const ROUNDABOUT = /%(2e|2f|5c|00)/i;

/** Vite's modules of its client, React's refresh runtime and the flow plugin's virtual modules. */
const VITE_OPEN = ['/@vite/client', '/@vite/env', '/@react-refresh'];
const VIRTUAL_FLOW = '/@id/__x00__virtual:flow';

/** Decides how the studio may answer `method` `rawUrl` (as the request line gave it). */
export function admit(method: string, rawUrl: string, appRoot: string): Admission {
  const end = rawUrl.search(/[?#]/);
  const rawPath = end === -1 ? rawUrl : rawUrl.slice(0, end);
  const bad = (why: string): Admission => ({ kind: 'bad', message: `refused the path "${rawPath.slice(0, 200)}": ${why}` });
  if (!rawPath.startsWith('/')) return bad('a request names a path that starts with /');
  if (rawPath.includes('\\') || rawPath.includes('//') || ROUNDABOUT.test(rawPath))
    return bad('it is not written plainly (a backslash, a double slash or an encoded dot, slash or NUL)');
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return bad('its percent-encoding is malformed');
  }
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0')))
    return bad('it holds a "." or ".." segment');
  const open: Admission = { kind: 'open', path };
  const token: Admission = { kind: 'token', path };
  // The API answers its own routes, and asks the token for the report and every write.
  if (path.startsWith('/api/')) return open;
  if (method !== 'GET' && method !== 'HEAD') return token;
  if (path === '/' || path === '/index.html' || path === '/preview' || path.startsWith('/preview/')) return open;
  if (path.startsWith('/uploads/') || path.startsWith('/public/uploads/')) return open;
  if (VITE_OPEN.includes(path) || path.startsWith(VIRTUAL_FLOW)) return open;
  return moduleFile(segments, appRoot) ? open : token;
}

/** Whether a pathname's `segments` name one of the studio's module files (or a package's). */
function moduleFile(segments: string[], appRoot: string): boolean {
  if (segments[0] === '@fs') return fsModule(`/${segments.slice(1).join('/')}`, appRoot);
  const [top, next] = segments;
  // No dot file or folder anywhere (.env, .git), but the studio's own dependency cache.
  const dotted = segments.some((segment, at) => segment.startsWith('.') && !(at === 1 && top === 'node_modules' && next === '.vite-studio'));
  if (dotted || segments.length < 2) return false;
  if (top === 'src' || top === 'schemas') return true;
  return top === 'node_modules' && (next !== '.vite-studio' || segments[2] === 'deps');
}

/** `/@fs/<absolute>`: only a package in the studio's own node_modules/, as Vite names it sometimes. */
function fsModule(absolute: string, appRoot: string): boolean {
  const inside = relative(appRoot, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return false;
  const segments = inside.split(sep);
  return segments[0] === 'node_modules' && moduleFile(segments, appRoot);
}

/**
 * A message with the project's and the app's absolute paths made relative (`roots` → "."), and other
 * folders of this machine (`hidden`: the data folder, the temp and home folders) shown as "…": a 500
 * never shows where the server keeps its files.
 */
export function withoutLocalPaths(message: string, roots: readonly string[], hidden: readonly string[] = []): string {
  const pairs = [...roots.map((root) => [root, '.'] as const), ...hidden.map((folder) => [folder, '…'] as const)]
    .filter(([folder]) => folder.length > 1)
    .sort((a, b) => b[0].length - a[0].length);
  let shown = message;
  for (const [folder, label] of pairs) shown = shown.split(`/@fs${folder}`).join(label === '.' ? '' : label).split(folder).join(label);
  return shown;
}
