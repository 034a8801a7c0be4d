/**
 * Photo analysis is batch work beside a server whose pages must answer at once: an analysis thread
 * gives up the CPU to the server's own thread whenever both want it. On Linux a thread is a task with
 * its own nice value, set with setpriority(2) on its thread id (what `os.setPriority` calls), read
 * from /proc/thread-self. Elsewhere, or where that is refused, the thread keeps the process's
 * priority and the pool works as before.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower than the server the analysis threads run (nice +10: about a tenth of its CPU share). */
export const ANALYSIS_NICE = 10;

/** This thread's id on Linux (`/proc/thread-self` → `<pid>/task/<tid>`), or undefined elsewhere. */
export function ownThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the calling thread's priority by ANALYSIS_NICE; returns its new nice value, or undefined. */
export function yieldCpuToServer(): number | undefined {
  const tid = ownThreadId();
  if (tid === undefined) return undefined;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + ANALYSIS_NICE));
    return getPriority(tid);
  } catch {
    return undefined;
  }
}
