/**
 * The edge function reads a body at the same pace as the local server (issue 42): a stream that
 * dribbles below the minimum after the grace period, or is still arriving at the deadline, is cut
 * (its reader cancelled) with a 408 'request_too_slow' naming the reason; one that keeps the pace is
 * read whole. Short paces here; the real one is BODY_PACE.
 */
import { describe, expect, it } from 'vitest';
import { BODY_PACE, paceRunsOutAt, readBodyBytes, RequestError, type BodyPace } from './http.ts';

/** A body of `chunks` chunks of `size` bytes, one every `everyMs`; says whether it was cancelled. */
function dribbling(size: number, chunks: number, everyMs: number) {
  const state = { cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === chunks) return controller.close();
      await new Promise((done) => setTimeout(done, everyMs));
      sent += 1;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request('http://localhost/functions/v1/analyze-face', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, state };
}

async function refusal(work: Promise<unknown>): Promise<{ error: RequestError; ms: number }> {
  const started = performance.now();
  const error = await work.then(
    () => new Error('read'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof RequestError)) throw error;
  return { error, ms: performance.now() - started };
}

describe('the pace of an edge function body', () => {
  it('cuts a body dribbling below the minimum after the grace period', async () => {
    const pace: BodyPace = { minBytesPerSecond: 1_000, graceMs: 500, deadlineMs: 5_000 };
    const { request, state } = dribbling(1, 1_000, 200);
    const { error, ms } = await refusal(readBodyBytes(request, 100_000, pace));
    expect(error).toMatchObject({ status: 408, code: 'request_too_slow' });
    expect(error.message).toMatch(/^the request body arrives slower than 1000 bytes per second \(\d bytes in 0\.\d s\); please send it again$/);
    expect(ms).toBeGreaterThanOrEqual(480);
    expect(ms).toBeLessThan(1_000);
    expect(state.cancelled).toBe(true);
  });

  it('cuts a body still arriving at the deadline, whatever its pace', async () => {
    const pace: BodyPace = { minBytesPerSecond: 100, graceMs: 300, deadlineMs: 800 };
    const { request } = dribbling(1_000, 100, 100);
    const { error, ms } = await refusal(readBodyBytes(request, 1_000_000, pace));
    expect(error.message).toBe('the request body did not arrive within 0.8 s; please send it again');
    expect(ms).toBeGreaterThanOrEqual(780);
    expect(ms).toBeLessThan(1_300);
  });

  it('reads a body that keeps the pace', async () => {
    const { request } = dribbling(500, 6, 100);
    const bytes = await readBodyBytes(request, 100_000, { minBytesPerSecond: 1_000, graceMs: 200, deadlineMs: 5_000 });
    expect(bytes.byteLength).toBe(3_000);
  });

  it('gives a body the grace period, then as long as its bytes so far allow, up to the deadline', () => {
    expect(paceRunsOutAt(BODY_PACE, 0)).toBe(BODY_PACE.graceMs);
    expect(paceRunsOutAt(BODY_PACE, BODY_PACE.minBytesPerSecond * 10)).toBe(10_000);
    expect(paceRunsOutAt(BODY_PACE, 100 * 1024 * 1024)).toBe(BODY_PACE.deadlineMs);
  });
});
