/** Build-time settings (see the README's "Deploying"): both unset = the embedded local backend. */
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
