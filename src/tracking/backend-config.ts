/**
 * Where the browser's backend calls go. A build with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY talks to
 * hosted Supabase; a build without them talks to the embedded local backend on the page's own origin
 * (`npm start`, `npm run dev`), whose anon key is this fixed public string.
 */
export const LOCAL_ANON_KEY = 'local-anon-key';

export interface BackendConfig {
  /** Base URL: `<url>/rest/v1/rpc/<fn>` and `<url>/functions/v1/<name>`. */
  url: string;
  /** The public anon key (never a service key). */
  anonKey: string;
}

export interface BackendEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

/** The headers a direct call to the backend carries: the anon key, as supabase-js sends it. */
export function backendHeaders(config: BackendConfig): Record<string, string> {
  return {
    apikey: config.anonKey,
    authorization: `Bearer ${config.anonKey}`,
    'content-type': 'application/json',
  };
}

/** The config for this build; throws supabase-js's own messages when only half of it is set. */
export function backendConfig(env: BackendEnv, origin: string): BackendConfig {
  const url = env.VITE_SUPABASE_URL?.trim().replace(/\/+$/, '');
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!url && !anonKey) return { url: origin, anonKey: LOCAL_ANON_KEY };
  if (!url) throw new Error('supabaseUrl is required.');
  if (!anonKey) throw new Error('supabaseKey is required.');
  return { url, anonKey };
}

/**
 * This page's backend: this build's hosted Supabase, or the embedded one on the page's origin. Worked
 * out by the chunks that call the backend (tracking, photo analysis), not in the first bundle.
 */
export function pageBackend(): BackendConfig {
  return backendConfig(import.meta.env, window.location.origin);
}
