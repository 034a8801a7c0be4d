/**
 * A draft's preview, in its own process (started by common/draft-preview.ts in the draft's checkout):
 * the production build with Vite's build API, then Vite's preview server on it (the local backend
 * included, with its own database in the checkout). Only a visit that brings the preview token (once
 * in the URL, then as a cookie) is served. It prints its progress, one line each, and
 * `serving <port>` once it listens. Environment: FLOW, DRAFT_PREVIEW_TOKEN, DRAFT_PREVIEW_HOST,
 * DRAFT_PREVIEW_PORT.
 */
import { join } from 'node:path';
import { build, preview, type Plugin } from 'vite';

const root = process.cwd();
const token = process.env['DRAFT_PREVIEW_TOKEN'] ?? '';
const host = process.env['DRAFT_PREVIEW_HOST'] ?? '127.0.0.1';
const port = Number(process.env['DRAFT_PREVIEW_PORT']);
if (token.length < 16 || !Number.isInteger(port)) {
  console.error('draft preview: DRAFT_PREVIEW_TOKEN and DRAFT_PREVIEW_PORT are needed');
  process.exit(2);
}

/** The preview token: `?preview=<token>` sets the cookie and redirects to the clean address. */
function tokenGate(): Plugin {
  return {
    name: 'draft-preview-token',
    // Before the site's own middleware (which maps a page's address to its file, dropping the query).
    enforce: 'pre',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview.invalid');
        if (url.searchParams.get('preview') === token) {
          url.searchParams.delete('preview');
          res.writeHead(302, {
            'set-cookie': `draft-preview=${token}; HttpOnly; SameSite=Lax; Path=/`,
            location: `${url.pathname}${url.search}`,
            'cache-control': 'no-store',
          });
          return res.end();
        }
        const cookies = (req.headers.cookie ?? '').split(';').map((c) => c.trim());
        if (cookies.includes(`draft-preview=${token}`)) return next();
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('This draft preview needs its link (with ?preview=...): ask for it again in the Flow Studio.');
      });
    },
  };
}

const configFile = join(root, 'vite.config.ts');
console.log('building the production build…');
await build({ root, configFile, logLevel: 'info', mode: 'production', clearScreen: false });
console.log('built; starting the preview server…');
const server = await preview({
  root,
  configFile,
  logLevel: 'warn',
  plugins: [tokenGate()],
  preview: { port, strictPort: true, host, open: false },
});
console.log(`serving ${port}`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
