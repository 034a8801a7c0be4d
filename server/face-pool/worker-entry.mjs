// A worker thread starts from a file Node can run as is. This one loads the TypeScript worker through
// tsx, so the pool works the same under tsx, vitest and `vite preview` / `npm start` (where the server
// code is bundled into Vite's config and no TypeScript loader is registered in the thread).
import { tsImport } from 'tsx/esm/api';

await tsImport('./analysis-worker.ts', import.meta.url);
