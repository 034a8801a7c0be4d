/**
 * Serves the project's public/uploads/ images to the studio and its preview at /uploads/<name>, as the
 * funnel serves public/: only image files of that folder, each with a policy that runs no script (an
 * uploaded SVG opened on its own must not act in the studio's name).
 */
import type { ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { readPlainBytes } from './plain-file.ts';
import { SVG_POLICY } from './studio-allow.ts';
import { writablePath } from './studio-guard.ts';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

/**
 * Answers GET /uploads/<name> (or /public/uploads/<name>, as the file lies in the project) from
 * `project`/public/uploads: 404 for anything else, 400 for a malformed path.
 */
export async function serveUpload(project: string, pathname: string, res: ServerResponse): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    res.end('the upload path is not percent-encoded correctly');
    return;
  }
  const checked = writablePath(project, decoded.startsWith('/public/') ? decoded.slice(1) : `public${decoded}`);
  const type = checked.ok ? TYPES[extname(checked.file).toLowerCase()] : undefined;
  const body = checked.ok && type !== undefined ? await readPlainBytes(checked.absolute, checked.file).catch(() => undefined) : undefined;
  if (!checked.ok || body === undefined || type === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    res.end(`no upload ${pathname}`);
    return;
  }
  res.writeHead(200, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': SVG_POLICY,
  });
  res.end(body);
}
