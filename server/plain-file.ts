/**
 * Opening a project file without following a link: the MCP server's flows/ and the studio's flows/
 * and public/uploads/ are written by people and agents, and a link planted there must not make either
 * server read or overwrite what it points to (the local database, a key, the code).
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** A refused path: the message names it and says what is allowed. */
export class RefusedPath extends Error {}

const PLAIN_ONLY = 'only plain files are read and written here (not links)';

/**
 * Opens `path` only if it is a plain file itself: never through a symbolic link (O_NOFOLLOW, so the
 * check and the open are one step), never a FIFO or device, and for a write never a file with a second
 * hard link. A link planted in the folder would otherwise read or overwrite whatever it points to.
 */
export async function openPlain(path: string, shown: string, flags: number, write: boolean): Promise<FileHandle> {
  const refuse = (what: string) => new RefusedPath(`refused: ${shown} is ${what}; ${PLAIN_ONLY}`);
  const handle = await open(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644).catch((cause: unknown) => {
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
    throw code === 'ELOOP' || code === 'EMLINK' ? refuse('a symbolic link') : cause;
  });
  const stats = await handle.stat();
  if (!stats.isFile() || (write && stats.nlink > 1)) {
    await handle.close();
    throw refuse(stats.isFile() ? 'a hard link to another file' : 'not a plain file');
  }
  return handle;
}

/** A file's bytes, read without following a link. */
export async function readPlainBytes(path: string, shown: string): Promise<Buffer> {
  const handle = await openPlain(path, shown, constants.O_RDONLY, false);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A file's text, read without following a link. */
export async function readPlain(path: string, shown: string): Promise<string> {
  return (await readPlainBytes(path, shown)).toString('utf8');
}

/**
 * Replaces a file's content (creating it when `create`, refusing when it exists then), without
 * following a link; returns what it held before (undefined when it was created).
 */
export async function writePlain(path: string, shown: string, data: string | Buffer, create = false): Promise<string | undefined> {
  const flags = constants.O_RDWR | constants.O_CREAT | (create ? constants.O_EXCL : 0);
  const handle = await openPlain(path, shown, flags, true);
  try {
    // Read through the same handle that is written: the file checked is the file changed.
    const before = create ? undefined : await handle.readFile('utf8');
    await handle.truncate(0);
    await handle.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, 0, undefined, 0);
    return before;
  } finally {
    await handle.close();
  }
}
