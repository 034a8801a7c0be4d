/**
 * The funnel in the product's own words (issue 43): every quoted text of spec §2 (and the questions,
 * options and labels it names) is in the shipped flow file word for word, on its screen, shown to every
 * visitor or, for a claim, to the supported band only. A rewrite of the spec's copy fails here unless
 * the decisions (DECISIONS in tests/support/spec-copy.ts) list the text with its reason.
 */
import { describe, expect, it } from 'vitest';
import { DECISIONS, decisionsText, readDecisions, SPEC_TEXTS, specCopyProblems, SUPPORTED_WHEN } from '../support/spec-copy.ts';
import { shippedFlowText } from '../support/load-flow.ts';

const root = process.cwd();
const flowJson = (): { screens: Record<string, Record<string, unknown>> } & Record<string, unknown> =>
  JSON.parse(shippedFlowText()) as { screens: Record<string, Record<string, unknown>> } & Record<string, unknown>;

describe("the spec's copy in the shipped flow", () => {
  it('lists the quoted texts of spec §2, each once per screen', () => {
    expect(SPEC_TEXTS.length).toBeGreaterThanOrEqual(42 + 40);
    const keys = SPEC_TEXTS.map((t) => `${t.screen}: ${t.text}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SPEC_TEXTS.filter((t) => t.shows === 'supported').map((t) => t.text)).toEqual([
      'Perfect timing - your skin age gap shows maximum reversal potential',
      'Hormone deficiency is driving your skin aging',
      'But hormone support can reverse this.',
      'Qualified for Treatment',
      "You're Eligible for Hormonal Support",
      "Great news! You're likely a good fit for hormone-balancing treatment",
    ]);
  });

  it('holds every one, for the visitors §2 shows it to (or the decisions list it)', () => {
    expect(specCopyProblems(flowJson(), readDecisions(root))).toEqual([]);
  });

  it('the decisions excuse no text the flow shows (they list only what cannot be shown)', () => {
    const excused = SPEC_TEXTS.filter((t) => specCopyProblems(flowJson(), '', [t]).length > 0);
    expect(excused.map((t) => t.text)).toEqual([]);
  });

  it('fails a rewrite of a button label, until the decisions list it', () => {
    const flow = flowJson();
    const email = flow.screens['email-capture'];
    expect(email?.['button']).toBe('Get My Report');
    if (email) email['button'] = 'Send My Report';
    expect(specCopyProblems(flow, readDecisions(root))).toEqual([
      { text: 'Get My Report', screen: 'email-capture', problem: 'not on its screen, word for word' },
    ]);
    const decisions =
      "### Decisions where the spec is open\n- 'Get My Report' reads as a promise the email keeps: the button says 'Send My Report'.\n" +
      '### An honest result (issue 33)\n- none\n';
    expect(specCopyProblems(flow, decisionsText(decisions))).toEqual([]);
  });

  it('a text quoted outside the decisions sections excuses nothing', () => {
    const flow = flowJson();
    const reveal = flow.screens['root-cause-reveal'];
    if (reveal) reveal['button'] = 'See What Could Help';
    const markdown = "## How the funnel behaves\n- The reveal's 'Show Me How to Stop This'.\n### Decisions where the spec is open\n- none\n### An honest result (issue 33)\n- none\n";
    expect(specCopyProblems(flow, decisionsText(markdown)).map((p) => p.text)).toEqual(['Show Me How to Stop This']);
  });

  it('fails a claim shown to every visitor, and a label shown to one band only', () => {
    const flow = flowJson();
    const content = flow.screens['education-urgency']?.['content'] as Record<string, unknown>[];
    const badge = content.find((block) => block['text'] === 'Qualified for Treatment');
    expect(badge?.['when']).toEqual(SUPPORTED_WHEN);
    if (badge) delete badge['when'];
    const reveal = flow.screens['root-cause-reveal'];
    const headings = (reveal?.['content'] as Record<string, unknown>[]).filter((block) => block['type'] === 'heading');
    expect(headings.map((h) => h['text'])).toEqual(["Here's What's Really Happening"]);
    if (headings[0]) headings[0]['when'] = SUPPORTED_WHEN;
    expect(specCopyProblems(flow, readDecisions(root))).toEqual([
      { text: "Here's What's Really Happening", screen: 'root-cause-reveal', problem: 'shown only under a condition: every visitor must read it' },
      { text: 'Qualified for Treatment', screen: 'education-urgency', problem: 'a claim shown outside the supported band' },
    ]);
  });

  it(`reads the decisions from ${DECISIONS.path}, which has every section it names`, () => {
    const text = readDecisions(root);
    expect(text.length).toBeGreaterThan(200);
    expect(() => decisionsText('# Other\n')).toThrow(/has no heading/);
  });
});
