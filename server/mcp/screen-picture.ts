/**
 * A 390 px wide picture of one screen, when Chromium is installed: not yet wired (see the README's MCP
 * section); the reason is returned instead of a picture.
 */
import { existsSync } from 'node:fs';
import type { Flow } from '../../src/engine/flow.gen.ts';

export interface PictureRequest {
  projectDir: string;
  flowPath: string;
  flow: Flow;
  screen: string;
  sample: string;
}

/** The PNG, or why there is none. */
export async function screenPicture(_request: PictureRequest): Promise<Buffer | string> {
  if (!existsSync('/usr/bin/chromium')) return 'Chromium is not installed at /usr/bin/chromium';
  return 'pictures are not built in this version yet';
}
