// Its own module so the fallback can recognise a refusal without pulling the analyze-face client into
// the first bundle.
export class AnalysisError extends Error {
  constructor(
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** The function's error code, e.g. 'no_face', or 'timeout' / 'network'. */
    readonly code: string,
  ) {
    super(`analyze-face failed: ${status || 'no answer'} ${code}`.trim());
    this.name = 'AnalysisError';
  }
}
