/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in (vite.config.ts aliases the
 * shim here): the shim package would ship its fallback for React 17 in the first bundle for nothing.
 */
export { useSyncExternalStore } from 'react';
