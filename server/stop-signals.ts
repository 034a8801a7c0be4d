/**
 * The one stop handler of a server process (`npm start`, `npm run dev`, the studio): SIGINT and SIGTERM
 * both run `stop` once, and every later signal is ignored while it runs.
 *
 * Why it must be one handler that never lets a signal fall through: Ctrl-C in a terminal sends SIGINT
 * to the whole process group, so the server hears it twice — once from the terminal and once from npm,
 * which relays every signal it gets to its child. With `process.once` the second SIGINT found no
 * listener and Node's default action killed the process mid-close, leaving PGlite "shutting down"
 * (issue 42, break 6). Vite also adds its own `process.once('SIGTERM')` that exits on its own timing;
 * it is replaced here, so whichever signal arrives first, and however often, the database closes once.
 */

export interface StopOnSignalsOptions {
  /** Named in the messages ("npm start"). */
  name: string;
  /** When `stop` has not finished by then, the process exits anyway with 1 (a supervisor's grace is longer). */
  deadlineMs?: number;
  /** Defaults to the real process (tests pass a stand-in). */
  process?: Pick<NodeJS.Process, 'on' | 'removeAllListeners' | 'exit'>;
  log?: (message: string) => void;
}

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Replaces every SIGINT and SIGTERM listener of the process with one that runs `stop` once, then exits
 * (0 when `stop` resolved in time, 1 otherwise). Returns the handler (a signal's name → the stop's promise).
 */
export function stopOnSignals(
  stop: () => Promise<unknown>,
  options: StopOnSignalsOptions,
): (signal: NodeJS.Signals) => Promise<void> {
  const proc = options.process ?? process;
  const log = options.log ?? ((message: string) => console.error(message));
  const deadlineMs = options.deadlineMs ?? 4_500;
  let stopping: Promise<void> | undefined;
  const handler = (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return stopping;
    stopping = (async () => {
      const timer = setTimeout(() => {
        log(`✗ ${options.name}: did not stop within ${deadlineMs} ms of ${signal}; exiting anyway`);
        proc.exit(1);
      }, deadlineMs);
      timer.unref();
      let code = 0;
      try {
        await stop();
      } catch (error) {
        log(`✗ ${options.name}: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        code = 1;
      }
      clearTimeout(timer);
      proc.exit(code);
    })();
    return stopping;
  };
  for (const signal of STOP_SIGNALS) {
    proc.removeAllListeners(signal);
    // `on`, never `once`: a repeated signal must find this listener, not Node's default (instant death).
    proc.on(signal, handler);
  }
  return handler;
}
