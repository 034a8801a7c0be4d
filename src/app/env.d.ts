/** Build-time settings (see the README's "Deploying"): the backend ones unset = the embedded local backend. */
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The Meta pixel id; overrides the flow's settings.pixelId. */
  readonly VITE_META_PIXEL_ID?: string;
}
