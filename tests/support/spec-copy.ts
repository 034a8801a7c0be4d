/**
 * The spec's own words (issue 43): every quoted text of spec §2, and the questions, options and labels
 * it names, each with the screen it belongs to and who must read it: every visitor, or only a visitor
 * whose score supports the claim (`result.claimBand` "supported"). The flow file must hold each one
 * verbatim, unless the project's decisions list it (quoted) with the reason it cannot be shown.
 * tests/flow/spec-copy.test.ts holds the flow file to it; tests/e2e/spec-copy.test.ts reads each on its
 * screen in Chromium.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/**
 * Where the decisions live: the one place to change when they move (to a docs page such as
 * docs/developers/decisions.md). `sections`: the headings whose text counts; null reads the whole file.
 */
export const DECISIONS: { path: string; sections: readonly string[] | null } = {
  path: 'docs/developers/decisions.md',
  sections: ['Decisions where the spec is open', 'An honest result'],
};

export type Shows = 'every' | 'supported';

export interface SpecText {
  /** The spec's words, exactly as §2 writes them. */
  text: string;
  /** The flow screen that shows it. */
  screen: string;
  /** Every visitor, or the supported band only (a claim of cause, fit or eligibility). */
  shows: Shows;
  /** The flow's text when the spec writes a placeholder in its own way ('<label>'). */
  flowText?: string;
  /** §2 lists it mid-sentence in lower case; as a label it starts with a capital. */
  sentenceCase?: true;
}

const every = (screen: string, ...texts: string[]): SpecText[] => texts.map((text) => ({ text, screen, shows: 'every' }));
const listed = (screen: string, ...texts: string[]): SpecText[] =>
  texts.map((text) => ({ text, screen, shows: 'every', sentenceCase: true }));
const supported = (screen: string, ...texts: string[]): SpecText[] => texts.map((text) => ({ text, screen, shows: 'supported' }));
const PROBABILITY = { text: '<label> Probability', flowText: '{result.hormonalLabel} Probability', shows: 'every' } as const;

export const SPEC_TEXTS: readonly SpecText[] = [
  ...every('start', 'Starting assessment...'),
  ...every('not-found', 'Oops! Page not found', 'Return to Home'),
  ...every('primary-assessment', 'Volume', 'Elasticity', 'Texture', 'Complexion', 'See My Transformation Potential'),
  ...supported('primary-assessment', 'Perfect timing - your skin age gap shows maximum reversal potential'),
  ...every('skin-concerns',
    'Fine lines appearing faster than expected', 'Loss of firmness or sagging', 'Skin texture feeling thinner or rougher',
    'Overall tired or aged appearance', 'Multiple concerns happening at once'),
  ...every('cliff-education', "You're in the right place.", "Check If You're At the Tipping Point"),
  ...every('analysis-bridge', 'Upload Photo & Start Analysis'),
  ...every('photo-analysis', 'Please upload a photo to proceed with analysis', 'JPG, PNG (max 10MB)', 'Analyzing 5 Key Skin Markers…'),
  ...listed('photo-analysis', 'wrinkle depth', 'jawline contour', 'under-eye elasticity', 'texture and tone', 'surface hydration'),
  ...every('detailed-analysis', 'Next: Find the Root Cause'),
  ...every('email-capture', 'Step 2: Unlock Your Full Skin Report', 'Enter your details above', 'Get My Report'),
  ...every('doctor-investigation', 'Besides changes in your skin, have you experienced:', 'None of these... yet'),
  ...listed('doctor-investigation',
    'energy crashes that came out of nowhere', "sleep that's not as deep or restful",
    "weight that's harder to lose (especially around middle)", 'mood changes or irritability', 'feeling hot when others are cold'),
  ...every('anti-aging-experience',
    "What's been your experience with anti-aging products?", "I don't use anything right now",
    "I've only used a few products, not much overall", "My old routine used to work, but it's failing now",
    "I've tried everything—and nothing makes a difference", 'Complete Assessment'),
  ...every('root-cause-reveal', 'Analysis Complete', "Here's What's Really Happening", 'Show Me How to Stop This'),
  { ...PROBABILITY, screen: 'root-cause-reveal' },
  ...supported('root-cause-reveal', 'Hormone deficiency is driving your skin aging', 'But hormone support can reverse this.'),
  ...supported('education-urgency', 'Qualified for Treatment', "You're Eligible for Hormonal Support"),
  ...every('education-urgency', 'See My Recovery Plan'),
  ...every('other-symptoms',
    'Have you noticed any of these other symptoms of hormone changes?',
    'Weight gain', 'Hot flashes', 'Poor sleep', 'Fatigue', 'Irritability', 'None of these'),
  ...every('skin-treatments',
    'What skin treatments have you tried?', 'Retinols', 'Vitamin C serums', 'Peptides', 'Hyaluronic acid products',
    'In-clinic treatments', 'Chemical peels', 'Microneedling', 'LED light therapy'),
  ...every('calculating', 'Analyzing Your Pattern...'),
  ...every('hrt-question', 'Are you on hormone replacement therapy?', 'I was in the past'),
  ...listed('hrt-question', 'yes', 'no'),
  ...supported('hormone-suitability', "Great news! You're likely a good fit for hormone-balancing treatment"),
  ...every('hormone-suitability', 'See My Results'),
  { ...PROBABILITY, screen: 'hormone-assessment' },
  ...every('hormone-assessment', 'Age Factor', 'Change Speed', 'Key Indicators'),
  ...every('treatment-projection', '90 days from now', 'Start My Protocol Now'),
  ...every('contact-collection', 'Unlock Your Path Back to You', 'Get Your Results Now'),
  ...every('brand-transformation', 'Join over 3000 women in reversing aging'),
  ...every('reversal-protocol', 'Get Your Personalised Plan Made Now', 'Get My Reversal Protocol'),
  ...every('creating-protocol', 'Creating Your Protocol'),
];

/** The text the flow (and the screen) shows for a spec text: a capital first letter for a label. */
export const shownText = (entry: SpecText): string => {
  const text = entry.flowText ?? entry.text;
  return entry.sentenceCase ? text.charAt(0).toUpperCase() + text.slice(1) : text;
};

/** The guard of the supported band's copy. */
export const SUPPORTED_WHEN = { '==': [{ var: 'result.claimBand' }, 'supported'] };

/** A text of a screen, with the conditions (`when`) of the blocks it sits in, outermost first. */
interface Found {
  text: string;
  whens: unknown[];
}

function textsIn(node: unknown, settings: Record<string, unknown>, whens: unknown[] = []): Found[] {
  if (typeof node === 'string') {
    const text = node.replace(/\{settings\.([A-Za-z_][\w-]*)\}/g, (whole, name: string) => {
      const value = settings[name];
      return typeof value === 'string' ? value : whole;
    });
    return [{ text, whens }];
  }
  if (Array.isArray(node)) return node.flatMap((item) => textsIn(item, settings, whens));
  if (typeof node !== 'object' || node === null) return [];
  const own = 'when' in node ? [...whens, node.when] : whens;
  return Object.entries(node).flatMap(([key, value]) => (key === 'when' ? [] : textsIn(value, settings, own)));
}

export interface SpecCopyProblem {
  text: string;
  screen: string;
  problem: string;
}

/** The decisions' text that excuses a spec text (the sections of DECISIONS, or the whole file). */
export function decisionsText(markdown: string, sections: readonly string[] | null = DECISIONS.sections): string {
  if (sections === null) return markdown;
  const lines = markdown.split('\n');
  const parts: string[] = [];
  for (const section of sections) {
    const start = lines.findIndex((line) => /^#+ /.test(line) && line.includes(section));
    if (start < 0) throw new Error(`${DECISIONS.path} has no heading "${section}" (update DECISIONS in tests/support/spec-copy.ts)`);
    const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
    const end = lines.findIndex((line, i) => i > start && (/^#+ /.exec(line)?.[0].length ?? 99) - 1 <= level);
    parts.push(lines.slice(start, end < 0 ? undefined : end).join('\n'));
  }
  return parts.join('\n');
}

/** Whether the decisions list `text`, quoted ('…', "…" or “…”). */
export const decided = (decisions: string, text: string): boolean =>
  [`'${text}'`, `"${text}"`, `“${text}”`].some((quoted) => decisions.includes(quoted));

/**
 * Each spec text the flow does not show as §2 asks: missing from its screen, or shown to the wrong
 * visitors (a claim to every visitor, or a button label only to some). A text the decisions list is
 * not checked.
 */
export function specCopyProblems(flowJson: unknown, decisions: string, texts: readonly SpecText[] = SPEC_TEXTS): SpecCopyProblem[] {
  const flow = (typeof flowJson === 'object' && flowJson !== null ? flowJson : {}) as {
    screens?: Record<string, unknown>;
    settings?: Record<string, unknown>;
  };
  const problems: SpecCopyProblem[] = [];
  for (const entry of texts) {
    if (decided(decisions, entry.text)) continue;
    const screen = flow.screens?.[entry.screen];
    const say = (problem: string) => problems.push({ text: entry.text, screen: entry.screen, problem });
    if (screen === undefined) {
      say('the flow has no such screen');
      continue;
    }
    const found = textsIn(screen, flow.settings ?? {}).filter((f) => f.text === shownText(entry));
    if (found.length === 0) say('not on its screen, word for word');
    else if (entry.shows === 'every' && !found.some((f) => f.whens.length === 0)) say('shown only under a condition: every visitor must read it');
    else if (entry.shows === 'supported' && !found.every((f) => f.whens.some((w) => isDeepStrictEqual(w, SUPPORTED_WHEN))))
      say('a claim shown outside the supported band');
  }
  return problems;
}

/** The decisions file's text, from the project root. */
export const readDecisions = (root: string): string => decisionsText(readFileSync(`${root}/${DECISIONS.path}`, 'utf8'));
