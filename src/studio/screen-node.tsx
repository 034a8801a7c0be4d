/**
 * One screen on the map: its id, kind, route and progress, and the checker's findings about it (and
 * about its transitions) pinned on it with their line:column.
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { CheckFinding } from '../engine/flow-edit/check-flow.ts';
import type { FlowGraphNode } from '../engine/flow-edit/flow-graph.ts';
import type { ScreenReach } from './studio-api.ts';
import type { FieldMetricSpeed } from './field-speed-api.ts';
import { FieldChips } from './field-speed-view.tsx';

export type ScreenNodeData = {
  screen: FlowGraphNode;
  /** The node's findings and those of the transitions leaving it. */
  findings: CheckFinding[];
  selected: boolean;
  onPath: boolean;
  /** The report's figures for the screen (undefined: not tracked, or the overlay is off). */
  reach: ScreenReach | undefined;
  /** The report overlay is on. */
  overlay: boolean;
  /** The visitors' field speed on the screen (undefined: no readings, or the overlay is off). */
  field?: readonly FieldMetricSpeed[] | undefined;
};

export type ScreenFlowNode = Node<ScreenNodeData, 'screen'>;

export function ScreenNode({ data }: NodeProps<ScreenFlowNode>) {
  const { screen, findings } = data;
  const errors = findings.filter((f) => f.severity === 'error');
  const classes = ['studio-node', screen.kind, data.onPath ? 'on-path' : '', data.selected ? 'selected' : '', errors.length > 0 ? 'has-errors' : findings.length > 0 ? 'has-warnings' : ''];
  return (
    <div className={classes.join(' ')} data-screen={screen.id}>
      <Handle type="target" position={Position.Top} />
      <strong>{screen.kind === 'exit' ? 'exit' : screen.id}</strong>
      <div className="studio-node-meta">
        {screen.kind === 'exit' ? (screen.url ?? '') : `${screen.kind} · ${screen.progress}`}
        {screen.start ? ' · start' : ''}
        {screen.entry ? ' · entry' : ''}
      </div>
      {screen.route === undefined ? null : <code className="studio-node-route">{screen.route}</code>}
      {data.overlay && screen.kind !== 'exit' ? (
        <div className="studio-node-reach">
          {data.reach === undefined ? 'not tracked' : `reached ${data.reach.reached} · drop-off ${Math.round(data.reach.dropOff * 100)} %`}
        </div>
      ) : null}
      {data.overlay && data.field !== undefined ? <FieldChips metrics={data.field} /> : null}
      {findings.length > 0 ? (
        <ul className="studio-node-findings" aria-label={`Problems of ${screen.id}`}>
          {findings.slice(0, 3).map((f) => (
            <li key={`${f.pointer}:${f.message}`} className={f.severity} title={f.hint ?? f.message}>
              {`${f.line}:${f.column} ${f.message}`}
            </li>
          ))}
          {findings.length > 3 ? <li>{`and ${findings.length - 3} more`}</li> : null}
        </ul>
      ) : null}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}
