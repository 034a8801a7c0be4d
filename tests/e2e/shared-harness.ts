import { afterAll, afterEach, beforeAll } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

/**
 * One harness for the test file: started before its tests, its pages closed after each test, stopped
 * after the last. Returns the harness (call it inside a test).
 */
export function sharedHarness(options?: Parameters<typeof startHarness>[0]): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(options);
  });
  afterEach(async () => {
    await harness?.closePages();
  });
  afterAll(async () => {
    await harness?.stop();
  });
  return () => {
    if (!harness) throw new Error('the harness has not started');
    return harness;
  };
}
