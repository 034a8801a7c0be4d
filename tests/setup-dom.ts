import { afterAll, afterEach, vi } from 'vitest';
import { installFormRules } from '../src/engine/answers.ts';
import { fieldAccepted } from '../src/engine/form-rules.ts';

// Testing Library is loaded only where there is a DOM: Node-environment files (the engine's logic, the
// server, the scripts) skip its import cost.
if (typeof window !== 'undefined') {
  // What Testing Library sets when it is first imported; a story's play may have left it off in an
  // earlier file of this worker (the files share one module graph).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });
  // What a file left outside Testing Library (story canvases, its own roots, fake timers) is not the
  // next file's: the files of a worker share one document.
  afterAll(() => {
    document.body.replaceChildren();
    vi.useRealTimers();
  });
}

// The form installs its fields' rules when its chunk loads (src/engine/answers.ts); engine and machine
// tests that continue a form without rendering it judge it by the same rules.
installFormRules(fieldAccepted);
