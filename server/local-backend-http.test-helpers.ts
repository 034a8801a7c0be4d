/**
 * A local backend served over HTTP on 127.0.0.1, as `npm start` serves it in front of the app: a request
 * the backend does not take goes to `fallback` (default: the text "app shell"). Its database is open
 * before the first request.
 */
import { createServer, type ServerResponse } from 'node:http';
import { createLocalBackend, type LocalBackend, type LocalBackendOptions } from './local-backend.ts';

export interface ServedBackend {
  backend: LocalBackend;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Closes the server, then the backend. */
  close(): Promise<void>;
}

export async function serveLocalBackend(
  options: LocalBackendOptions = {},
  fallback: (res: ServerResponse) => void = (res) => res.end('app shell'),
): Promise<ServedBackend> {
  const backend = createLocalBackend(options);
  await backend.database();
  const server = createServer((req, res) => backend.middleware(req, res, () => fallback(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the local backend server has no port');
  return {
    backend,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
    },
  };
}
