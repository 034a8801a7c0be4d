import { afterEach } from 'vitest';
import { installFormRules } from '../src/engine/answers.ts';
import { fieldAccepted } from '../src/engine/form-rules.ts';

// Testing Library is loaded only where there is a DOM: Node-environment files (the engine's logic, the
// server, the scripts) skip its import cost.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });
}

// The form installs its fields' rules when its chunk loads (src/engine/answers.ts); engine and machine
// tests that continue a form without rendering it judge it by the same rules.
installFormRules(fieldAccepted);
