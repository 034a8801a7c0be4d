/**
 * The first screen's JavaScript budget, gzip; `npm run build` enforces it. DESIGN.md §7 set 100 KB; it
 * is 103 KB since the first screen must also hold the screen error boundary, the experiment assignment
 * (a variant applied after the first paint would flash the base copy), the double-tap guard, the
 * stored-data checks, and what adopts the build's drawing (the screen the machine opens on, the signal
 * that releases taps held before the code was in). Since 2026-11-27 it is 105 KB: the Continue guard
 * now judges every form field type (field-rules.ts), a 600 ms settle ignores a double tap's second
 * press (gesture-visit.ts), and the honest result copy (claims by band, the capped age gap) rides with
 * the flow's copy. Since the languages (issue 32) it is 106 KB: the first bundle also holds the code
 * that picks the visit's language and puts its texts in, and a language's texts come as a chunk of
 * their own (Spanish runs about 20 % longer than English: 105.6 KB against 104.9). The visitor-facing
 * budget, JS before the first question ≤ 110 KB, is unchanged and holds for every language.
 */
export const FIRST_SCREEN_BUDGET_BYTES = 106 * 1024;

/**
 * The module script (or the entry the route preload script loads, its `data-entry`) and modulepreload
 * chunks of a built index.html, as paths relative to dist.
 */
export function firstScreenScripts(html: string): string[] {
  const srcs = [
    ...Array.from(html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g), (m) => m[1]),
    ...Array.from(html.matchAll(/<script[^>]*data-entry="([^"]+)"/g), (m) => m[1]),
    ...Array.from(html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g), (m) => m[1]),
  ];
  return [...new Set(srcs.flatMap((s) => (s ? [s.replace(/^\//, '')] : [])))];
}

/** Markers of libraries that belong after the first screen (each string is unique to its library). */
const MARKERS: Record<string, RegExp> = {
  'framer-motion': /LazyMotion|framerAppearId|data-framer-appear-id/,
  ajv: /strictSchema|\$dynamicAnchor|ajv\b/i,
  'supabase-js': /supabase-js|sb-[a-z]*-auth-token|PostgrestClient/,
  // Field speed loads it in idle time after the first screen (src/app/field-speed-start.ts). Every one
  // of its metrics checks for soft navigations through this browser method.
  'web-vitals': /getLargestInteractionContentfulPaint/,
};

/** Which of the forbidden libraries a chunk contains. */
export function forbiddenLibraries(code: string): string[] {
  return Object.entries(MARKERS).flatMap(([name, marker]) => (marker.test(code) ? [name] : []));
}
