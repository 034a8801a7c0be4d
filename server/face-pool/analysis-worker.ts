/**
 * One analysis worker: decodes the photo, finds the face and measures the skin markers, off the main
 * thread. The model loads once, when the worker starts, and the worker says 'ready' after that and a
 * warm-up, so a job's deadline measures the job and not the model's loading.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { RequestError } from '../../supabase/functions/_shared/http.ts';
import { parseQuestionnaire } from '../../supabase/functions/_shared/questionnaire.ts';
import { parseUploadBody } from '../../supabase/functions/_shared/upload-body.ts';
import { createFaceReader } from '../../supabase/functions/_shared/analyze-face-handler.ts';
import { faceModelDir, loadFaceModel } from '../../supabase/functions/_shared/face/face-model.ts';
import type { WorkerData, WorkerJob, WorkerReply } from './analysis-messages.ts';
import { yieldCpuToServer } from './thread-priority.ts';

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread of the analysis pool');
const options: WorkerData = { testJobs: readTestJobs(workerData) };
const reader = createFaceReader();

function readTestJobs(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'testJobs' in data && data.testJobs === true;
}

function reply(message: WorkerReply): void {
  port!.postMessage(message);
}

async function run(job: WorkerJob): Promise<WorkerReply> {
  switch (job.kind) {
    case 'read':
      return { id: job.id, kind: 'reading', reading: await reader.read(job.bytes, job.type) };
    case 'upload': {
      const upload = await parseUploadBody(job.body, job.contentType, job.url);
      const questionnaire = parseQuestionnaire(upload.questionnaireData);
      const reading = await reader.read(upload.image.bytes, upload.image.type);
      return { id: job.id, kind: 'upload-read', questionnaire, reading };
    }
    case 'heap':
      return { id: job.id, kind: 'heap', usedBytes: getHeapStatistics().used_heap_size };
    case 'spin':
    case 'allocate':
      if (!options.testJobs) throw new Error('test jobs are off');
      return job.kind === 'spin' ? spinForever() : allocateForever();
  }
}

/** Test only: a job that never ends, for the deadline. */
function spinForever(): never {
  for (;;) Date.now();
}

/** Test only: a job whose heap grows without end, for the memory cap. */
function allocateForever(): never {
  const hoard: number[][] = [];
  // 8 MB of heap per step, so the cap is reached in well under the deadline even on a busy machine.
  for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
}

port.on('message', (job: WorkerJob) => {
  run(job).then(reply, (error: unknown) => {
    if (error instanceof RequestError) {
      const { status, code, message, field } = error;
      reply({ id: job.id, kind: 'refused', refusal: { status, code, message, field } });
    } else {
      reply({ id: job.id, kind: 'failed', name: error instanceof Error ? error.name : 'unknown error' });
    }
  });
});

/**
 * The first inference compiles the model's kernels and takes several times as long as later ones, so
 * one is run before the worker says 'ready': a visitor's photo then never pays for it, nor trips the
 * deadline. face-api's own sample photo has faces, so the landmark and age nets warm up too.
 */
async function warmUp(): Promise<void> {
  await loadFaceModel();
  const sample = join(faceModelDir(), '../demo/sample1.jpg');
  if (existsSync(sample)) await reader.read(new Uint8Array(readFileSync(sample)), 'jpeg');
}

// Pages first: this thread's decoding and inference wait whenever the server's thread wants the CPU.
yieldCpuToServer();
await warmUp();
reply({ kind: 'ready' });
