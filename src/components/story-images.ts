/**
 * Brand-neutral placeholder pictures for the renderer and component stories: plain shapes drawn inline,
 * so Storybook shows no flow's uploads (each flow's own pictures appear in its generated flow stories).
 */
function svg(body: string, viewBox = '0 0 120 90'): string {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`)}`;
}

/** A person's silhouette on a grey ground. */
export const STORY_PORTRAIT = svg(
  '<rect width="120" height="120" fill="#dfe1e6"/><circle cx="60" cy="46" r="20" fill="#aeb3bd"/><path d="M22 120c4-28 20-40 38-40s34 12 38 40z" fill="#aeb3bd"/>',
  '0 0 120 120',
);

/** A landscape-shaped scene: "before". */
export const STORY_BEFORE = svg('<rect width="120" height="90" fill="#e4e6ea"/><path d="M0 70l30-25 25 18 25-30 40 37v20H0z" fill="#b9bec7"/>');

/** The same scene, brighter: "after". */
export const STORY_AFTER = svg(
  '<rect width="120" height="90" fill="#eef1f6"/><circle cx="92" cy="22" r="10" fill="#c9cfda"/><path d="M0 70l30-25 25 18 25-30 40 37v20H0z" fill="#98a1b0"/>',
);
