export interface FlowCheckFailedProps {
  /** The flow file's name. */
  file: string;
  /** The checker's messages, one line each (file:line:column pointer: message — hint). */
  issues: readonly string[];
}

/**
 * What Storybook shows instead of a flow's stories when the flow file fails the checker: the same
 * messages `npm run flow:check` prints, so a marketer sees what to fix without leaving Storybook.
 * The renderer and component stories don't read the flow and keep working.
 */
export function FlowCheckFailed({ file, issues }: FlowCheckFailedProps) {
  return (
    <div role="alert" style={{ padding: '1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: '1.25rem' }}>The flow file {file} has errors</h1>
      <p>Fix them and save: the flow's stories come back. `npm run flow:check` prints the same list.</p>
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: '0.875rem' }}>{issues.join('\n')}</pre>
    </div>
  );
}
