import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopOnSignals } from './stop-signals.ts';

/** A stand-in process: its signal listeners and its exit calls. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    emitter,
    exits,
    proc: {
      on: (signal: string, listener: (signal: NodeJS.Signals) => void) => emitter.on(signal, listener),
      removeAllListeners: (signal: string) => emitter.removeAllListeners(signal),
      exit: (code?: number) => void exits.push(code ?? 0),
    } as unknown as Pick<NodeJS.Process, 'on' | 'removeAllListeners' | 'exit'>,
  };
}

describe('stopOnSignals', () => {
  it('replaces earlier SIGINT/SIGTERM listeners (such as Vite\'s) with one that stays for repeated signals', () => {
    const { emitter, proc } = fakeProcess();
    let vite = 0;
    emitter.once('SIGTERM', () => vite++);
    stopOnSignals(() => new Promise(() => {}), { name: 'test', process: proc, log: () => {} });
    emitter.emit('SIGTERM', 'SIGTERM');
    emitter.emit('SIGINT', 'SIGINT');
    expect({ vite, sigint: emitter.listenerCount('SIGINT'), sigterm: emitter.listenerCount('SIGTERM') }).toEqual({
      vite: 0,
      sigint: 1,
      sigterm: 1,
    });
  });

  it('runs the stop once however many signals arrive (Ctrl-C heard from the terminal and from npm), then exits 0', async () => {
    const { emitter, exits, proc } = fakeProcess();
    let stops = 0;
    let finish = () => {};
    const handler = stopOnSignals(
      () => {
        stops++;
        return new Promise<void>((done) => (finish = done));
      },
      { name: 'test', process: proc, log: () => {} },
    );
    emitter.emit('SIGINT', 'SIGINT');
    emitter.emit('SIGINT', 'SIGINT');
    emitter.emit('SIGTERM', 'SIGTERM');
    expect({ stops, exits }).toEqual({ stops: 1, exits: [] });
    finish();
    await handler('SIGINT');
    expect({ stops, exits }).toEqual({ stops: 1, exits: [0] });
  });

  it('exits 1 with a message naming the process when the stop fails', async () => {
    const { exits, proc } = fakeProcess();
    const messages: string[] = [];
    const handler = stopOnSignals(() => Promise.reject(new Error('disk gone')), {
      name: 'npm start',
      process: proc,
      log: (message) => messages.push(message),
    });
    await handler('SIGTERM');
    expect({ exits, messages }).toEqual({ exits: [1], messages: ['✗ npm start: stopping failed: disk gone'] });
  });

  it('exits 1 when the stop outlasts its deadline', async () => {
    const { exits, proc } = fakeProcess();
    const messages: string[] = [];
    void stopOnSignals(() => new Promise(() => {}), { name: 'npm start', deadlineMs: 20, process: proc, log: (m) => messages.push(m) })(
      'SIGINT',
    );
    await new Promise((done) => setTimeout(done, 60));
    expect({ exits, messages }).toEqual({ exits: [1], messages: ['✗ npm start: did not stop within 20 ms of SIGINT; exiting anyway'] });
  });
});
