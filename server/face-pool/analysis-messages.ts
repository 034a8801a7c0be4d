/**
 * The messages between the analysis pool (main thread) and its workers. Structured-clone data only.
 */
import type { FaceReading } from '../../supabase/functions/_shared/analyze-face.ts';
import type { ImageType } from '../../supabase/functions/_shared/image-bytes.ts';
import type { Questionnaire } from '../../supabase/functions/_shared/questionnaire.ts';

/** Jobs only a pool started with `testJobs` accepts: a job past the deadline, one past the memory cap. */
export type TestJobKind = 'spin' | 'allocate';

export type WorkerJob =
  | { id: number; kind: 'read'; bytes: Uint8Array; type: ImageType }
  /** A whole analyze-face body (its buffer transferred), parsed and read in the worker (issue 28). */
  | { id: number; kind: 'upload'; body: Uint8Array; contentType: string; url: string }
  | { id: number; kind: 'heap' }
  | { id: number; kind: TestJobKind };

/** A client mistake found in the worker (a photo that cannot be decoded), as a RequestError's fields. */
export interface RefusalFields {
  status: number;
  code: string;
  message: string;
  field: string | undefined;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { id: number; kind: 'reading'; reading: FaceReading | null }
  | { id: number; kind: 'upload-read'; questionnaire: Questionnaire; reading: FaceReading | null }
  | { id: number; kind: 'heap'; usedBytes: number }
  | { id: number; kind: 'refused'; refusal: RefusalFields }
  /** An unexpected failure: only the error's name, since a message may quote the input. */
  | { id: number; kind: 'failed'; name: string };

export interface WorkerData {
  testJobs: boolean;
}
