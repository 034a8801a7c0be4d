/**
 * What `npm start` and `npm run preview` were asked for: the port (`--port 5000`, `--port=5000`, or the
 * PORT variable; 4173 by default) and the host (`--host [address]`), and whether to build first.
 */

export const DEFAULT_PORT = 4173;

export interface StartOptions {
  port: number;
  /** Listen on this address; `true` for every interface (like `vite --host`). Localhost when absent. */
  host?: string | true;
  /** Build dist/ first (`npm start`); `--no-build` serves the build that is there (`npm run preview`). */
  build: boolean;
}

/** A port as a number, or an error that says what was wrong and where it came from. */
function parsePort(text: string, from: string): number {
  const port = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${from} must be a whole number from 1 to 65535, not "${text}"`);
  return port;
}

/** Reads the command line (after the script name) and the environment; throws on a mistake. */
export function startOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): StartOptions {
  let port = env['PORT'] === undefined || env['PORT'] === '' ? DEFAULT_PORT : parsePort(env['PORT'], 'PORT');
  let host: string | true | undefined;
  let build = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (name === '--port' || name === '-p') {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${name} needs a number, e.g. ${name} 5000`);
      port = parsePort(value, name);
    } else if (name === '--host') {
      const next = argv[i + 1];
      host = inline ?? (next !== undefined && !next.startsWith('-') ? (i++, next) : true);
    } else if (name === '--no-build') {
      build = false;
    } else {
      throw new Error(`unknown option "${arg}" (known: --port <number>, --host [address], --no-build)`);
    }
  }
  return host === undefined ? { port, build } : { port, host, build };
}
