/**
 * The files a flow takes from public/: its images (every `src`), its favicon and logo, and any other
 * value naming a file under /uploads/. The build ships only these of public/uploads (another flow's
 * pictures never travel with it), and `flow:check` names each one that is missing, at its line:column.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Finding } from '../../src/engine/validation/flow-issue.ts';
import { pointerSegment } from '../../src/engine/validation/flow-issue.ts';
import type { FlowCheck } from '../../src/engine/validation/graph-check.ts';

/** The folder whose files are shipped only when the flow names them. */
export const UPLOADS = '/uploads/';

/** A file of public/ the flow names, with the JSON pointer of the naming value. */
export interface FlowFileRef {
  pointer: string;
  path: string;
}

function isFilePath(key: string, value: string): boolean {
  return value.startsWith(UPLOADS) || ((key === 'src' || key === 'favicon' || key === 'logo') && value.startsWith('/'));
}

/**
 * Every public/ file a flow value names (images, favicon, logo, /uploads/… anywhere), in file order.
 * An image marked `"sample": true` is left out: a production build strips it, and Storybook takes its
 * art from .storybook/sample-art.
 */
export function flowFileRefs(value: unknown, pointer = '', key = ''): FlowFileRef[] {
  if (typeof value === 'string') return isFilePath(key, value) ? [{ pointer, path: value.split(/[?#]/)[0] ?? value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => flowFileRefs(item, `${pointer}/${index}`, ''));
  if (typeof value !== 'object' || value === null) return [];
  if ((value as { sample?: unknown }).sample === true) return [];
  return Object.entries(value).flatMap(([name, item]) => flowFileRefs(item, `${pointer}/${pointerSegment(name)}`, name));
}

/** The file under `publicDir` a site path names, or null when it would leave the folder. */
export function publicFile(publicDir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const root = resolve(publicDir);
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : null;
}

function isFile(path: string | null): boolean {
  try {
    return path !== null && existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The check `flow:check` and the build add: every file the flow names must exist under public/. */
export function missingFilesCheck(publicDir: string): FlowCheck {
  return (flow) =>
    flowFileRefs(flow).flatMap(({ pointer, path }): Finding[] =>
      isFile(publicFile(publicDir, path))
        ? []
        : [
            {
              pointer,
              message: `"${path}" is not a file under public/`,
              hint: `add public${path}, or fix the path`,
              severity: 'error',
            },
          ],
    );
}

/** The /uploads/ paths a flow names (what its build ships of public/uploads). */
export function shippedUploads(flow: unknown): Set<string> {
  return new Set(flowFileRefs(flow).flatMap(({ path }) => (path.startsWith(UPLOADS) ? [path] : [])));
}
