/**
 * The studio server's API as the browser calls it. The token comes from the URL the server printed
 * and goes with every write.
 */

/** What the server says about this run: the flow it opened and the files it offers. */
export interface StudioSession {
  file: string;
  flows: string[];
  uploads: string[];
}

const token = new URLSearchParams(window.location.search).get('token') ?? '';

async function failure(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => undefined);
  const message =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : `${response.status} ${response.statusText}`;
  return new Error(message);
}

export async function fetchSession(): Promise<StudioSession> {
  const response = await fetch('/api/session');
  if (!response.ok) throw await failure(response);
  const body: unknown = await response.json();
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  if (typeof body !== 'object' || body === null || !('file' in body) || typeof body.file !== 'string')
    throw new Error('the studio server sent no session');
  return {
    file: body.file,
    flows: 'flows' in body ? list(body.flows) : [],
    uploads: 'uploads' in body ? list(body.uploads) : [],
  };
}

export async function fetchFlow(file: string): Promise<string> {
  const response = await fetch(`/api/flow?file=${encodeURIComponent(file)}`, { cache: 'no-store' });
  if (!response.ok) throw await failure(response);
  return response.text();
}

/** Writes a file of the project (flows/*.json or public/uploads/*); the server refuses anything else. */
export async function writeFile(path: string, body: string | Blob): Promise<void> {
  const response = await fetch(`/api/file?path=${encodeURIComponent(path)}`, {
    method: 'PUT',
    headers: { 'x-studio-token': token },
    body,
  });
  if (!response.ok) throw await failure(response);
}

/** Calls `changed` whenever a flow file changes on disk; returns the function that stops listening. */
export function onDiskChange(changed: (file: string, text: string) => void): () => void {
  const source = new EventSource('/api/events');
  source.onmessage = (event: MessageEvent<string>) => {
    const data: unknown = JSON.parse(event.data);
    if (typeof data === 'object' && data !== null && 'file' in data && 'text' in data)
      if (typeof data.file === 'string' && typeof data.text === 'string') changed(data.file, data.text);
  };
  return () => source.close();
}
