import { describe, expect, it } from 'vitest';
import { shippedFlowText } from '../support/load-flow.ts';
import { formatIssue, validateFlowText } from '../../src/engine/validation/validate-flow.ts';

/** The shipped flow's text with one edit, checked as flow:check checks it. */
function checkEdited(edit: (json: Record<string, unknown>) => void): string[] {
  const json: unknown = JSON.parse(shippedFlowText());
  if (json === null || typeof json !== 'object') throw new Error('flow file is not an object');
  const copy: Record<string, unknown> = { ...json };
  edit(copy);
  const { errors } = validateFlowText(JSON.stringify(copy, null, 2), { file: 'flow.json' });
  return errors.map(formatIssue);
}

describe('journey step names', () => {
  it('must be declared in tracking.journeySteps, with line:column and a did-you-mean', () => {
    const errors = checkEdited((json) => {
      json.tracking = { journeySteps: ['quiz_started', 'step_2_skin_issue'] };
    });
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^flow\.json:\d+:\d+ \/screens\/skin-concerns\/track\/journey: journey step "step_2_skin_issues" is not declared in tracking\.journeySteps — did you mean "step_2_skin_issue"\?$/,
      ),
    );
    // The trackJourney action of a form is checked too.
    expect(errors.some((line) => /\/params\/step: journey step "form_completed"/.test(line))).toBe(true);
  });

  it('refuses a name the backend would refuse, in the schema', () => {
    const errors = checkEdited((json) => {
      json.tracking = { journeySteps: ['Quiz Started'] };
    });
    expect(errors.some((line) => line.includes('/tracking/journeySteps/0'))).toBe(true);
  });
});
