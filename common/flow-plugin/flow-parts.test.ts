import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { FIRST_SCREEN_BUDGET_BYTES } from './first-screen.ts';
import { firstScreenFlow, flowBudgetLine, resultModel, trackingPart } from './flow-parts.ts';

const flow = loadFlow();

describe('the parts a flow ships in', () => {
  it('keeps the result model out of the first screen and all of it in the later chunk', () => {
    const first = firstScreenFlow(flow);
    expect(Object.keys(first)).not.toEqual(expect.arrayContaining(['computations']));
    expect(['computations', 'tables', 'analyses', 'samples', 'tracking', '$schema'].some((key) => key in first)).toBe(false);
    expect(resultModel(flow)).toEqual({
      computations: flow.computations,
      tables: flow.tables,
      analyses: flow.analyses,
      samples: flow.samples,
    });
    expect(trackingPart(flow, '0123456789ab')).toEqual({ id: flow.id, version: flow.version, revision: '0123456789ab', tracking: flow.tracking });
  });

  it("prints the copy's measured share of the first-screen budget", () => {
    const bytes = gzipSync(JSON.stringify(firstScreenFlow(flow)), { level: 9 }).length;
    const line = flowBudgetLine(flow);
    expect(line).toContain(`the flow's copy takes ${(bytes / 1024).toFixed(1)} KB gzip of ${(FIRST_SCREEN_BUDGET_BYTES / 1024).toFixed(1)} KB`);
    expect(line).toContain(`(${Math.round((bytes / FIRST_SCREEN_BUDGET_BYTES) * 100)} %)`);
  });
});
