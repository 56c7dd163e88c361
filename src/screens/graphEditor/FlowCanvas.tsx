import '@xyflow/react/dist/style.css';
import { Background, Controls, MiniMap, type NodeMouseHandler, ReactFlow, useReactFlow } from '@xyflow/react';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ReactionScope } from '../../api/contract/reaction-scopes.ts';
import type { Reaction } from '../../api/contract/reactions.ts';
import { createGraphBuilder, NODE_HEIGHT, NODE_WIDTH, nodeId, reactionIdOf } from '../../ui/flow/flowGraph.ts';
import { flowNodeTypes } from '../../ui/flow/nodeTypes.ts';

export interface FlowCanvasProps {
  reactions: readonly Reaction[];
  scopes: readonly ReactionScope[];
  projects: readonly { id: number; name: string }[];
  selectedId: number | null;
  matches: readonly number[];
  searching: boolean;
  invalidIds: readonly number[];
  fitRequest: number;
  focusRequest: number;
  onSelect: (id: number) => void;
  onEdit: (id: number) => void;
  onDeselect: () => void;
}

const proOptions = { hideAttribution: true };
const defaultEdgeOptions = { style: { strokeWidth: 1.6 } };
const MINIMAP_LIMIT = 300;
const minimapColor = (node: { type?: string }) =>
  node.type === 'scopeGroup' ? 'rgba(18, 184, 134, 0.12)' : node.type === 'transfer' ? '#ffa94d' : '#74c0fc';

/** The canvas: React Flow with our nodes; fit and focus requests come from the machine as counters. */
function FlowCanvasView(props: FlowCanvasProps) {
  const { reactions, scopes, projects, selectedId, searching, fitRequest, focusRequest, onSelect, onEdit, onDeselect } =
    props;
  const builder = useRef(createGraphBuilder()).current;
  const matchKey = props.matches.join(',');
  const invalidKey = props.invalidIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the arrays' contents
  const matches = useMemo(() => new Set(props.matches), [matchKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const invalidIds = useMemo(() => new Set(props.invalidIds), [invalidKey]);
  const graph = useMemo(
    () => builder({ reactions, scopes, projects, selectedId, matches, searching, invalidIds }),
    [builder, reactions, scopes, projects, selectedId, matches, searching, invalidIds],
  );
  const flow = useReactFlow();

  useEffect(() => {
    if (fitRequest > 0) requestAnimationFrame(() => void flow.fitView({ padding: 0.1, duration: 250 }));
  }, [fitRequest, flow]);

  // Focus centres the selected reaction (search, add, duplicate); reading the node keeps the group offset right.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request moves the view
  useEffect(() => {
    if (focusRequest === 0 || selectedId === null) return;
    requestAnimationFrame(() => {
      const node = flow.getInternalNode(nodeId(selectedId));
      if (!node) return;
      const { x, y } = node.internals.positionAbsolute;
      void flow.setCenter(x + NODE_WIDTH / 2, y + NODE_HEIGHT / 2, {
        zoom: Math.max(flow.getZoom(), 0.9),
        duration: 300,
      });
    });
  }, [focusRequest]);

  const onNodeClick: NodeMouseHandler = (_, node) => {
    const id = reactionIdOf(node.id);
    if (id !== null) onSelect(id);
  };
  const onNodeDoubleClick: NodeMouseHandler = (_, node) => {
    const id = reactionIdOf(node.id);
    if (id !== null) onEdit(id);
  };

  return (
    <ReactFlow
      nodes={graph.nodes}
      edges={graph.edges}
      nodeTypes={flowNodeTypes}
      defaultEdgeOptions={defaultEdgeOptions}
      onNodeClick={onNodeClick}
      onNodeDoubleClick={onNodeDoubleClick}
      onPaneClick={onDeselect}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      zoomOnDoubleClick={false}
      minZoom={0.05}
      maxZoom={1.6}
      fitView
      fitViewOptions={{ padding: 0.1 }}
      onlyRenderVisibleElements={reactions.length > 150}
      proOptions={proOptions}
    >
      <Background gap={24} />
      <Controls showInteractive={false} />
      {reactions.length <= MINIMAP_LIMIT && (
        <MiniMap
          pannable
          zoomable
          ariaLabel="Overview of the flow"
          nodeColor={minimapColor}
          nodeStrokeWidth={0}
          maskColor="rgba(240, 242, 245, 0.6)"
          style={{ width: 160, height: 110 }}
        />
      )}
    </ReactFlow>
  );
}

export const FlowCanvas = memo(FlowCanvasView);
