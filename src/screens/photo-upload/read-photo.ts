/**
 * Turning a picked file into a data URL the machine can carry. Kept apart from the renderer so the
 * browser-side downscaling (DESIGN §7: ≤ 300 KB before upload) can slot in here.
 */

/** Why a file was refused. */
export type PhotoProblem = 'too-large' | 'not-image';

/** The outcome of reading a picked file. */
export type PhotoReadResult = { ok: true; image: string } | { ok: false; problem: PhotoProblem };

function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** Whether the browser can decode the data URL as an image (a renamed PDF claims image/* but fails). */
function decodes(dataUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = dataUrl;
  });
}

/**
 * Reads a picked file as a data URL, refusing a file above `maxBytes` or one that is not a decodable
 * image. Size is checked first: it costs nothing and a huge file should not be read at all.
 */
export async function readPhoto(file: File, maxBytes?: number): Promise<PhotoReadResult> {
  if (maxBytes !== undefined && file.size > maxBytes) return { ok: false, problem: 'too-large' };
  if (!file.type.startsWith('image/')) return { ok: false, problem: 'not-image' };
  const image = await readAsDataUrl(file);
  if (image === null || !(await decodes(image))) return { ok: false, problem: 'not-image' };
  return { ok: true, image };
}
