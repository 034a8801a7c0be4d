// @vitest-environment jsdom
/** The report overlay's line: with two revisions compared it names them and the lead rate of each. */
import { describe, expect, it } from 'vitest';
import { reportStatus } from './use-map-report.ts';


describe('reportStatus', () => {
  const base = { available: true as const, source: '.data/local-db', sessions: 40, screens: new Map() };

  it('says where the figures come from, and no more without a comparison', () => {
    expect(reportStatus({ on: true, report: { ...base, revisionChange: null } })).toBe(
      "Report on the map: 40 sessions, from .data/local-db (the saved file's screens).",
    );
  });

  it('names the two revisions, their lead rates and the traffic warning', () => {
    const line = reportStatus({
      on: true,
      report: {
        ...base,
        revisionChange: {
          older: '0123456789ab',
          newer: 'ba9876543210',
          leadRate: { older: 0.1, newer: 0.125, probabilityBetter: 0.874 },
          mixWarning: 'The two periods had different visitors.',
        },
      },
    });
    expect(line).toBe(
      "Report on the map: 40 sessions, from .data/local-db (the saved file's screens). Revision 0123456789ab → ba9876543210: lead rate 10.0 % → 12.5 %, P(newer better) 87 % (npm run report shows each screen). ⚠ The two periods had different visitors.",
    );
  });

  it('adds the money per currency when purchases came back', () => {
    const line = reportStatus({
      on: true,
      report: { ...base, revisionChange: null, revenue: [{ currency: 'USD', purchases: 3, net: 14700, perVisitor: 367.5 }, { currency: 'JPY', purchases: 1, net: 5000, perVisitor: 125 }] },
    });
    expect(line).toBe(
      "Report on the map: 40 sessions, from .data/local-db (the saved file's screens). Revenue (USD): 3 purchases, $147.00 net, $3.6750 per visitor. Revenue (JPY): 1 purchase, ¥5,000 net, ¥125.00 per visitor.",
    );
  });
});
