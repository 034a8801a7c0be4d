/**
 * An analysis thread lowers its own priority, not the server's: in a worker thread, yieldCpuToServer
 * sets that thread's nice value (as the kernel reports it in /proc) and leaves the main thread's as it
 * was. Linux only, where /proc/thread-self exists (elsewhere the function does nothing, said below).
 */
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_NICE, ownThreadId, yieldCpuToServer } from './thread-priority.ts';

const LINUX = existsSync('/proc/thread-self');

/** Runs yieldCpuToServer in a fresh worker thread: its answer, thread id and nice value per /proc. */
function inWorker(): Promise<{ returned: number | undefined; tid: number | undefined; procNice: number }> {
  const worker = new Worker(new URL('./thread-priority.test-worker.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => void worker.terminate().then(() => resolve(message)));
    worker.once('error', reject);
  });
}

describe('thread priority', () => {
  it('lowers the calling worker thread by ANALYSIS_NICE, and the main thread stays as it was', async () => {
    if (!LINUX) {
      // No thread of its own to lower: the thread keeps the process's priority, and says so.
      expect(yieldCpuToServer()).toBeUndefined();
      return;
    }
    const main = ownThreadId();
    expect(main).toBe(process.pid);
    const before = getPriority(process.pid);
    const { returned, tid, procNice } = await inWorker();
    expect(tid).toBeDefined();
    expect(tid).not.toBe(main);
    expect(returned).toBe(Math.min(19, before + ANALYSIS_NICE));
    expect(procNice).toBe(returned);
    expect(getPriority(process.pid)).toBe(before);
  });
});
