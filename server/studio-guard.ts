/**
 * The studio server's rules of what it accepts, as pure functions: which Host headers (against DNS
 * rebinding, a page on another site must not reach the local server through its own name), which
 * token, and which paths it may write. Every refusal names what was wrong.
 */
import { isAbsolute, normalize, relative, resolve, sep } from 'node:path';

/** The hosts a request may name: the loopback names on the studio's port, and the --host given. */
export function allowedHosts(port: number, host: string | undefined): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (host !== undefined && host !== '' && host !== '0.0.0.0' && host !== '::') names.push(host);
  return new Set(names.map((name) => `${name}:${port}`));
}

/** Why a request's Host header is refused, or undefined when it is one of `allowed`. */
export function hostProblem(header: string | undefined, allowed: ReadonlySet<string>): string | undefined {
  if (header === undefined || header === '') return 'the request has no Host header';
  if (allowed.has(header.toLowerCase())) return undefined;
  return `the Host header "${header}" is not this studio's address (${[...allowed].join(', ')}): refused against DNS rebinding`;
}

/**
 * Why a request from a page on another origin is refused, or undefined. A page on another localhost
 * port is "same-site" to the studio, and Vite would answer it; the studio answers only its own
 * pages. `Origin` (sent with every cross-origin fetch and socket) must be the studio's own address;
 * `Sec-Fetch-Site` (sent by browsers with every request) must say same-origin, or none (a typed or
 * printed URL), except a navigation to the studio page itself.
 */
export function crossOriginProblem(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  allowed: ReadonlySet<string>,
  url: string,
): string | undefined {
  const first = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const origin = first('origin');
  if (origin !== undefined && !allowed.has(origin.toLowerCase().replace(/^http:\/\//, '')))
    return `a request from the page at ${origin} is refused: the studio answers only its own pages`;
  const site = first('sec-fetch-site');
  if (site === undefined || site === 'same-origin' || site === 'none') return undefined;
  const page = url === '/' || url.startsWith('/?');
  if (page && first('sec-fetch-mode') === 'navigate' && first('sec-fetch-dest') === 'document') return undefined;
  return `a ${site} request is refused: the studio answers only its own pages (open the URL it printed)`;
}

/** Why a write's token is refused, or undefined when it is the run's token. */
export function tokenProblem(given: string | undefined, token: string): string | undefined {
  if (given === undefined || given === '') return 'a write needs the studio token (the X-Studio-Token header), printed in the URL at start';
  // Same length first, then every character: no early exit that times the match.
  let diff = given.length ^ token.length;
  for (let i = 0; i < token.length; i += 1) diff |= (given.charCodeAt(i) || 0) ^ token.charCodeAt(i);
  return diff === 0 ? undefined : 'the studio token is wrong (it changes at every start: open the URL the studio printed)';
}

/** The result of checking a path the studio was asked to write. */
export type WritablePath = { ok: true; absolute: string; file: string } | { ok: false; message: string };

const FLOW_FILE = /^flows\/[A-Za-z0-9][A-Za-z0-9._-]*\.json$/;
const UPLOAD_FILE = /^public\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*\.(png|jpe?g|webp|gif|svg|avif)$/;

/**
 * Whether the studio may write `file` (relative to `root`): only `flows/<name>.json` and
 * `public/uploads/<name>.<image>`, never a path that leaves those folders.
 */
export function writablePath(root: string, file: string): WritablePath {
  const refuse = (why: string): WritablePath => ({
    ok: false,
    message: `refused to write "${file}": ${why}; the studio writes only flows/*.json and public/uploads/<image>`,
  });
  if (file === '' || isAbsolute(file) || file.includes('\\') || file.includes('\0')) return refuse('not a project path');
  const clean = normalize(file).split(sep).join('/');
  if (clean !== file || clean.startsWith('../')) return refuse('the path leaves the project or is not written plainly');
  if (!FLOW_FILE.test(clean) && !UPLOAD_FILE.test(clean)) return refuse('outside flows/ and public/uploads/');
  const absolute = resolve(root, clean);
  if (relative(root, absolute).startsWith('..')) return refuse('the path leaves the project');
  return { ok: true, absolute, file: clean };
}

/** Whether `file` (relative to `root`) names a flow file the studio may read. */
export function readableFlow(root: string, file: string): WritablePath {
  const checked = writablePath(root, file);
  if (checked.ok && !FLOW_FILE.test(checked.file))
    return { ok: false, message: `"${file}" is not a flow file (flows/<name>.json)` };
  return checked;
}
