/**
 * "Did you mean …?" suggestions for typos in ids, kinds, properties and placeholders.
 */

/** Edit distance (insert, delete, replace, swap of neighbours) between two words. */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The candidate closest to `word` when it is close enough to be a likely typo (case differences
 * count as small), else undefined: a far-fetched suggestion misleads more than none.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of list) {
    if (candidate === word) continue;
    const score =
      candidate.toLowerCase() === word.toLowerCase()
        ? 0.5
        : distance(word.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  const allowed = Math.max(1, Math.floor(word.length / 3));
  // A shortened name ("result.payback" for "result.paybackYears") beats a looser typo match: the
  // shortest candidate the word begins, unless a candidate is one keystroke away.
  const last = word.split('.').pop() ?? word;
  const prefixed = list
    .filter((c) => c !== word && last.length >= 3 && c.toLowerCase().startsWith(word.toLowerCase()))
    .sort((a, b) => a.length - b.length);
  if (bestScore > 1 && prefixed[0] !== undefined) return prefixed[0];
  return bestScore <= allowed ? best : undefined;
}

/** `did you mean "age"?`, or undefined when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const match = closest(word, candidates);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}
