/**
 * analyze-face's decoding, face model and skin markers in a pool of worker threads, so the local
 * server's event loop (pages, RPCs) never waits behind a photo. Each job has a hard deadline and each
 * worker a heap cap (`resourceLimits`); a worker over either is terminated and replaced, and its
 * request answered 503. Implements the handler's FaceAnalyzer, so the handler itself is unchanged.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FaceAnalyzer, FaceReading } from '../../supabase/functions/_shared/analyze-face.ts';
import { RequestError } from '../../supabase/functions/_shared/http.ts';
import type { TestJobKind, WorkerData, WorkerJob, WorkerReply } from './analysis-messages.ts';
import { clientShare, MAX_JOBS_PER_CLIENT } from './client-share.ts';

/** A job (decode + model + markers) that runs longer than this is stopped with its worker. */
export const ANALYSIS_DEADLINE_MS = 5_000;
/** V8 heap cap per worker (old generation), in MB; the model's weights live outside it, in wasm memory. */
export const ANALYSIS_HEAP_MB = 256;
/** Requests that may wait for a free worker; more are answered 503 at once. */
export const MAX_WAITING = 16;
/** Longest wait for a free worker (a worker may be starting: loading the model takes seconds). */
export const MAX_WAIT_MS = 20_000;
export { MAX_JOBS_PER_CLIENT } from './client-share.ts';

/**
 * One worker per core but one, at least one and at most four: the spare core keeps the main thread
 * (static files, RPCs, the database) responsive while every worker is busy, and each worker holds its
 * own copy of the model (about 100 MB), so more than four would cost memory for little gain.
 */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, 4));
}

export interface AnalysisPoolOptions {
  size?: number;
  deadlineMs?: number;
  maxHeapMb?: number;
  maxWaiting?: number;
  maxWaitMs?: number;
  maxJobsPerClient?: number;
  /** Tests only: accept the jobs that spin past the deadline or allocate past the cap. */
  testJobs?: boolean;
}

export interface AnalysisPool extends FaceAnalyzer {
  /** Heap in use in each ready worker, in bytes. */
  workerHeaps(): Promise<number[]>;
  /** Workers started so far, replacements included. */
  started(): number;
  /**
   * Tests only (with `testJobs`): runs a job that never ends or never stops allocating, under its own
   * deadline (the pool's by default), so a test's real analyses may have a more patient one.
   */
  runTestJob(kind: TestJobKind, deadlineMs?: number): Promise<void>;
  close(): Promise<void>;
}

type JobBody = WorkerJob extends infer J ? (J extends WorkerJob ? Omit<J, 'id'> : never) : never;

interface Waiting {
  body: JobBody;
  /** Who asked (the client's address; '' for the pool's own callers), for the per-client share. */
  client: string;
  deadlineMs: number;
  settle: (reply: WorkerReply | Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The job under the deadline, if any. */
  busy: { id: number; settle: Waiting['settle']; deadline: ReturnType<typeof setTimeout> } | null;
  /** Replies awaited outside the deadline (heap readings). */
  side: Map<number, Waiting['settle']>;
  outOfMemory: boolean;
  /** Terminated at its deadline; replaced once it has exited. */
  retiring: boolean;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

const unavailable = (code: string, message: string) => new RequestError(503, code, message, 'imageUrl');

export function createAnalysisPool(options: AnalysisPoolOptions = {}): AnalysisPool {
  const size = options.size ?? defaultPoolSize();
  const deadlineMs = options.deadlineMs ?? ANALYSIS_DEADLINE_MS;
  const maxHeapMb = options.maxHeapMb ?? ANALYSIS_HEAP_MB;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const maxJobsPerClient = options.maxJobsPerClient ?? MAX_JOBS_PER_CLIENT;
  const share = clientShare(maxJobsPerClient);
  const workerData: WorkerData = { testJobs: options.testJobs === true };
  const slots = new Set<Slot>();
  const waiting: Waiting[] = [];
  let nextId = 1;
  let started = 0;
  let closed = false;
  let begun = false;

  function spawn(): void {
    started += 1;
    const worker = new Worker(ENTRY, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // A pool must not keep `vite preview` or a test process alive by itself.
    worker.unref();
    const slot: Slot = {
      worker,
      ready: false,
      busy: null,
      side: new Map(),
      outOfMemory: false,
      retiring: false,
    };
    slots.add(slot);
    worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') slot.outOfMemory = true;
      // Name and code only: a message may quote the input.
      else console.warn(`analysis worker failed: ${error.name} ${error.code ?? ''}`.trim());
    });
    worker.on('exit', () => onExit(slot));
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if (reply.kind === 'ready') {
      slot.ready = true;
    } else if (slot.busy?.id === reply.id) {
      clearTimeout(slot.busy.deadline);
      const { settle } = slot.busy;
      slot.busy = null;
      settle(reply);
    } else {
      slot.side.get(reply.id)?.(reply);
      slot.side.delete(reply.id);
    }
    dispatch();
  }

  function onExit(slot: Slot): void {
    slots.delete(slot);
    const failure = slot.outOfMemory
      ? unavailable(
          'analysis_out_of_memory',
          `imageUrl: the photo needed more than the ${maxHeapMb} MB an analysis may use; please try a smaller photo.`,
        )
      : unavailable(
          'analysis_failed',
          'imageUrl: the photo analysis stopped unexpectedly; please try again.',
        );
    if (slot.busy) {
      clearTimeout(slot.busy.deadline);
      slot.busy.settle(failure);
    }
    for (const settle of slot.side.values()) settle(failure);
    if (closed) return;
    // A worker that died while starting (a broken install) is not restarted in a tight loop.
    if (slot.ready || slot.retiring) spawn();
    else setTimeout(() => !closed && spawn(), 1_000).unref();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.busy) continue;
      const index = share.pick(waiting);
      const [next] = index === -1 ? [] : waiting.splice(index, 1);
      if (!next) return;
      clearTimeout(next.timer);
      const id = nextId++;
      const deadline = setTimeout(() => {
        if (slot.busy?.id !== id) return;
        slot.busy.settle(
          unavailable(
            'analysis_timeout',
            `imageUrl: the photo took longer than ${next.deadlineMs / 1000} s to analyse; please try a smaller photo.`,
          ),
        );
        slot.busy = null;
        // No new job for it: its exit starts the replacement.
        slot.ready = false;
        slot.retiring = true;
        void slot.worker.terminate();
      }, next.deadlineMs);
      slot.busy = { id, settle: next.settle, deadline };
      const buffer =
        next.body.kind === 'read'
          ? next.body.bytes.buffer
          : next.body.kind === 'upload'
            ? next.body.body.buffer
            : undefined;
      const transfer = buffer instanceof ArrayBuffer ? [buffer] : [];
      slot.worker.postMessage({ ...next.body, id }, transfer);
    }
  }

  function submit(body: JobBody, jobDeadlineMs = deadlineMs, client = ''): Promise<WorkerReply> {
    if (closed)
      return Promise.reject(unavailable('analysis_unavailable', 'imageUrl: the server is stopping.'));
    // Started on first use, so the model only loads once a photo arrives; later, exits replace workers.
    if (!begun) {
      begun = true;
      for (let i = 0; i < size; i++) spawn();
    }
    if (waiting.length >= maxWaiting) {
      return Promise.reject(
        unavailable(
          'analysis_busy',
          'imageUrl: too many photos are being analysed; please try again shortly.',
        ),
      );
    }
    if (!share.admit(client)) {
      return Promise.reject(
        unavailable(
          'analysis_busy',
          `imageUrl: ${maxJobsPerClient} photos from this address are being analysed already; please try again shortly.`,
        ),
      );
    }
    const release = () => share.release(client);
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        body,
        client,
        deadlineMs: jobDeadlineMs,
        settle: (reply) => {
          release();
          if (reply instanceof Error) reject(reply);
          else resolve(reply);
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          release();
          reject(
            unavailable('analysis_busy', 'imageUrl: no analysis worker was free in time; please try again.'),
          );
        }, maxWaitMs),
      };
      waiting.push(entry);
      dispatch();
    });
  }

  return {
    async read(bytes, type): Promise<FaceReading | null> {
      // A copy of its own, so transferring it to the worker leaves the caller's buffer intact.
      const reply = await submit({ kind: 'read', bytes: bytes.slice(), type });
      if (reply.kind === 'reading') return reply.reading;
      if (reply.kind === 'refused') {
        const { status, code, message, field } = reply.refusal;
        throw new RequestError(status, code, message, field);
      }
      throw new Error(`the analysis worker failed (${reply.kind === 'failed' ? reply.name : reply.kind})`);
    },
    async readUpload(body, contentType, url, client = '') {
      // Transferred, not copied, when the view is its whole buffer (the local backend reads it so).
      const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
      const reply = await submit({ kind: 'upload', body: own, contentType, url }, deadlineMs, client);
      if (reply.kind === 'upload-read') return { questionnaire: reply.questionnaire, reading: reply.reading };
      if (reply.kind === 'refused') {
        const { status, code, message, field } = reply.refusal;
        throw new RequestError(status, code, message, field);
      }
      throw new Error(`the analysis worker failed (${reply.kind === 'failed' ? reply.name : reply.kind})`);
    },
    async workerHeaps() {
      const readings = [...slots]
        .filter((slot) => slot.ready)
        .map(
          (slot) =>
            new Promise<number>((resolve, reject) => {
              const id = nextId++;
              slot.side.set(id, (reply) =>
                reply instanceof Error
                  ? reject(reply)
                  : resolve(reply.kind === 'heap' ? reply.usedBytes : NaN),
              );
              slot.worker.postMessage({ id, kind: 'heap' });
            }),
        );
      return Promise.all(readings);
    },
    started: () => started,
    async runTestJob(kind, jobDeadlineMs) {
      await submit({ kind }, jobDeadlineMs);
    },
    async close() {
      closed = true;
      for (const entry of waiting.splice(0)) {
        clearTimeout(entry.timer);
        entry.settle(unavailable('analysis_unavailable', 'imageUrl: the server is stopping.'));
      }
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}
