/**
 * Runs `work` over `items` in `lanes` parallel lanes (each lane takes the next item when it is done),
 * for checks that wait on pages, not on the clock: a direct load per address, each in its own page.
 * Every item is worked on; the first failure is thrown once all lanes have stopped.
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T, lane: number) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async (index: number) => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item, index);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, (_, index) => lane(index)));
  if (errors.length > 0) throw errors[0];
}
