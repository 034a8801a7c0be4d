import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlowCheckFailed } from './flow-check-failed.tsx';

describe('FlowCheckFailed', () => {
  it("shows the flow file's checker messages", () => {
    const issue = 'flows/shoe-finder.json:12:5 /screens/age/next: unknown screen "agee" — did you mean "age"?';
    render(<FlowCheckFailed file="flows/shoe-finder.json" issues={[issue]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The flow file flows/shoe-finder.json has errors');
    expect(screen.getByText(issue)).toBeInTheDocument();
  });
});
