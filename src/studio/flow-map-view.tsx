/**
 * The flow map: the flow-edit module's graph (screens, transitions in words, timers, exits, findings)
 * drawn with @xyflow/react and laid out by map-layout.ts. Clicking a screen selects it.
 */
import '@xyflow/react/dist/style.css';
import { Background, Controls, MarkerType, ReactFlow, type Edge } from '@xyflow/react';
import { useMemo } from 'react';
import type { FlowGraph } from '../engine/flow-edit/flow-graph.ts';
import type { ScreenReach } from './studio-api.ts';
import type { FieldSpeedMap } from './field-speed-api.ts';
import { layoutMap, mainPath } from './map-layout.ts';
import { ScreenNode, type ScreenFlowNode } from './screen-node.tsx';

const NODE_TYPES = { screen: ScreenNode };

export interface FlowMapViewProps {
  graph: FlowGraph;
  start: string;
  selected: string | undefined;
  /** The report's reach per screen, when the overlay is on. */
  reach?: ReadonlyMap<string, ScreenReach> | undefined;
  /** The visitors' field speed per screen, when the overlay is on. */
  field?: FieldSpeedMap | undefined;
  onSelect: (screenId: string) => void;
}

export function FlowMapView({ graph, start, selected, reach, field, onSelect }: FlowMapViewProps) {
  const placed = useMemo(() => layoutMap(graph, start), [graph, start]);
  const path = useMemo(() => new Set(mainPath(graph, start)), [graph, start]);
  const nodes: ScreenFlowNode[] = useMemo(
    () =>
      graph.nodes.map((screen) => ({
        id: screen.id,
        type: 'screen',
        position: placed.get(screen.id) ?? { x: 0, y: 0 },
        data: {
          screen,
          findings: [...screen.findings, ...graph.edges.filter((e) => e.source === screen.id).flatMap((e) => e.findings)],
          selected: screen.id === selected,
          onPath: path.has(screen.id),
          reach: reach?.get(screen.id),
          overlay: reach !== undefined,
          field: field?.get(screen.id),
        },
      })),
    [graph, placed, path, selected, reach, field],
  );
  const edges: Edge[] = useMemo(
    () =>
      graph.edges
        .filter((e) => !e.missingTarget)
        .map((e) => {
          const bad = e.findings.some((f) => f.severity === 'error');
          const color = bad ? '#c0262d' : e.via === 'timer' ? '#b26a00' : e.via === 'exit' ? '#2d6cdf' : e.via === 'requires' ? '#888' : '#333';
          return {
            id: e.id,
            source: e.source,
            target: e.target,
            label: `${e.via === 'timer' ? '⏱ ' : e.via === 'exit' ? '↗ ' : ''}${e.label}`,
            animated: e.via === 'timer',
            markerEnd: { type: MarkerType.ArrowClosed, color },
            style: { stroke: color, strokeDasharray: e.dotted ? '5 4' : undefined },
            labelStyle: { fontSize: 11 },
            data: { via: e.via },
          };
        }),
    [graph],
  );
  return (
    <section className="studio-map" aria-label="Flow map">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={(_event, node) => onSelect(node.id.replace(/:exit$/, ''))}
        nodesDraggable={false}
        nodesConnectable={false}
        fitView
        minZoom={0.1}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
