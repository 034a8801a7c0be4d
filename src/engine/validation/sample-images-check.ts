/**
 * Warning: a screen still shows placeholder art (`"sample": true` on an image). The visitor sees it
 * marked 'Sample image', but a funnel shouldn't go live with it: `flow:check --strict` fails until
 * every sample is replaced by a real image and the flag removed.
 */
import type { Finding } from './flow-issue.ts';
import { pointerSegment } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';

/** Every `{ src, sample: true }` object under `value`, with its JSON pointer. */
function samplesIn(value: unknown, pointer: string): { pointer: string; src: string }[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => samplesIn(item, `${pointer}/${pointerSegment(index)}`));
  if (typeof value !== 'object' || value === null) return [];
  const own =
    'sample' in value && value.sample === true && 'src' in value && typeof value.src === 'string'
      ? [{ pointer: `${pointer}/sample`, src: value.src }]
      : [];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, item]) => samplesIn(item, `${pointer}/${pointerSegment(key)}`)),
  ];
}

/** One warning per placeholder image a screen shows, at its `sample` flag. */
export const checkSampleImages: FlowCheck = (flow) =>
  samplesIn(flow.screens, '/screens').map(({ pointer, src }): Finding => ({
    pointer,
    message: `"${src}" is a sample image: visitors see it marked 'Sample image', and it proves nothing`,
    hint: 'replace the file with a real image you may use, then remove "sample": true',
    severity: 'warning',
  }));
