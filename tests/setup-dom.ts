import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installFormRules } from '../src/engine/answers.ts';
import { fieldAccepted } from '../src/engine/form-rules.ts';

afterEach(() => {
  // Node-environment tests (build scripts, generated files) have no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// The form installs its fields' rules when its chunk loads (src/engine/answers.ts); engine and machine
// tests that continue a form without rendering it judge it by the same rules.
installFormRules(fieldAccepted);
