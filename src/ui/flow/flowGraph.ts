import type { Edge, Node } from '@xyflow/react';
import type { ReactionScope } from '../../api/contract/reaction-scopes.ts';
import type { Reaction } from '../../api/contract/reactions.ts';

/**
 * Reactions as a graph for React Flow: one group node per reaction scope (and one for reactions without scope),
 * reaction nodes laid out in a grid inside their group, and edges derived from the actions (change_scope to the
 * scope's group, timeout to the named reaction, call_transfer to the target project).
 *
 * Large projects stay fluid: positions depend only on which reactions sit in which group (not on names, so
 * typing never re-lays out), and a node or edge object is reused while its reaction object, flags and position
 * are the same, so React Flow's memoised nodes re-render only what changed.
 */

export const NODE_WIDTH = 250;
export const NODE_HEIGHT = 128;
const GAP_X = 28;
const GAP_Y = 28;
const GROUP_PAD_X = 24;
const GROUP_PAD_TOP = 52;
const GROUP_PAD_BOTTOM = 24;
const GROUP_GAP = 90;

export const NO_SCOPE_GROUP = 'scope-none';
export const groupId = (scopeId: number | null) => (scopeId === null ? NO_SCOPE_GROUP : `scope-${scopeId}`);
export const nodeId = (reactionId: number) => `r-${reactionId}`;
export const reactionIdOf = (id: string): number | null => (id.startsWith('r-') ? Number(id.slice(2)) : null);

export interface ReactionNodeData extends Record<string, unknown> {
  reaction: Reaction;
  selected: boolean;
  /** Matches the search (highlighted); `dimmed` when a search is active and it does not match. */
  matched: boolean;
  dimmed: boolean;
  /** Problems found by the last save attempt (red border). */
  invalid: boolean;
}

export interface ScopeGroupData extends Record<string, unknown> {
  label: string;
  count: number;
  scoped: boolean;
}

export interface TransferNodeData extends Record<string, unknown> {
  label: string;
}

export type ReactionFlowNode = Node<ReactionNodeData, 'reaction'>;
export type ScopeGroupNode = Node<ScopeGroupData, 'scopeGroup'>;
export type TransferNode = Node<TransferNodeData, 'transfer'>;
export type FlowNode = ReactionFlowNode | ScopeGroupNode | TransferNode;

export interface GraphInput {
  reactions: readonly Reaction[];
  scopes: readonly ReactionScope[];
  projects: readonly { id: number; name: string }[];
  selectedId: number | null;
  matches: ReadonlySet<number>;
  searching: boolean;
  invalidIds: ReadonlySet<number>;
}

interface Layout {
  key: string;
  groups: { id: string; scopeId: number | null; y: number; width: number; height: number; members: number[] }[];
  /** Reaction id -> position inside its group. */
  positions: Map<number, { x: number; y: number }>;
  width: number;
}

/** Groups are stacked top to bottom (the canvas sits between two side panels, so it is taller than wide). */
function columnsFor(count: number): number {
  return Math.max(1, Math.min(4, count), Math.min(24, Math.ceil(Math.sqrt(count * 1.2))));
}

function computeLayout(reactions: readonly Reaction[], scopes: readonly ReactionScope[]): Layout {
  const order: (number | null)[] = [null, ...scopes.map((s) => s.id)];
  const known = new Set(order);
  const members = new Map<number | null, number[]>(order.map((id) => [id, []]));
  for (const r of reactions) {
    const scope = known.has(r.reactions_scopes_id) ? r.reactions_scopes_id : null;
    members.get(scope)?.push(r.id);
  }
  const key = order.map((id) => `${id}:${members.get(id)?.join(',')}`).join('|');
  const positions = new Map<number, { x: number; y: number }>();
  const groups: Layout['groups'] = [];
  let y = 0;
  let widest = 0;
  for (const scopeId of order) {
    const ids = members.get(scopeId) ?? [];
    const cols = columnsFor(ids.length);
    const rows = Math.max(1, Math.ceil(ids.length / cols));
    ids.forEach((id, i) => {
      positions.set(id, {
        x: GROUP_PAD_X + (i % cols) * (NODE_WIDTH + GAP_X),
        y: GROUP_PAD_TOP + Math.floor(i / cols) * (NODE_HEIGHT + GAP_Y),
      });
    });
    const width = GROUP_PAD_X * 2 + cols * NODE_WIDTH + (cols - 1) * GAP_X;
    const height = GROUP_PAD_TOP + GROUP_PAD_BOTTOM + rows * NODE_HEIGHT + (rows - 1) * GAP_Y;
    groups.push({ id: groupId(scopeId), scopeId, y, width, height, members: ids });
    y += height + GROUP_GAP;
    widest = Math.max(widest, width);
  }
  return { key, groups, positions, width: widest + GROUP_GAP };
}

/** The edges one reaction's actions make; cached per reaction object (names resolved by the caller). */
function edgesOf(reaction: Reaction, idByName: ReadonlyMap<string, number>, scopeByName: ReadonlyMap<string, number>) {
  const edges: Edge[] = [];
  const source = nodeId(reaction.id);
  reaction.actions.forEach((step, i) => {
    const arg = (name: string) => (typeof step.args[name] === 'string' ? (step.args[name] as string) : '');
    if (step.name === 'change_scope') {
      const scope = arg('scope');
      const target =
        scope === '' ? NO_SCOPE_GROUP : scopeByName.has(scope) ? groupId(scopeByName.get(scope) ?? null) : null;
      if (target)
        edges.push({
          id: `${source}-${i}-scope`,
          source,
          target,
          targetHandle: 'in',
          label: scope ? `scope ${scope}` : 'leave scope',
          type: 'smoothstep',
          className: 'flow-edge-scope',
          animated: false,
        });
    } else if (step.name === 'timeout') {
      const target = idByName.get(arg('reaction'));
      if (target !== undefined)
        edges.push({
          id: `${source}-${i}-timeout`,
          source,
          target: nodeId(target),
          label: `after ${Number(step.args.seconds) || '?'} s`,
          type: 'smoothstep',
          className: 'flow-edge-timeout',
          style: { strokeDasharray: '6 4' },
        });
    } else if (step.name === 'call_transfer') {
      const project = Number(step.args.project_id);
      if (Number.isInteger(project) && project > 0)
        edges.push({
          id: `${source}-${i}-transfer`,
          source,
          target: `project-${project}`,
          label: 'transfer',
          type: 'smoothstep',
          className: 'flow-edge-transfer',
        });
    }
  });
  return edges;
}

/** A builder that remembers what it built last time, to hand React Flow the same objects for unchanged parts. */
export function createGraphBuilder() {
  let layout: Layout | null = null;
  const nodeCache = new Map<number, ReactionFlowNode>();
  let groupCache = new Map<string, ScopeGroupNode>();
  const edgeCache = new WeakMap<Reaction, { names: string; edges: Edge[] }>();

  return function build(input: GraphInput): { nodes: FlowNode[]; edges: Edge[] } {
    const { reactions, scopes } = input;
    const next = computeLayoutCached(reactions, scopes);
    const nodes: FlowNode[] = [];
    const scopeName = new Map(scopes.map((s) => [s.id, s.name]));
    const nextGroups = new Map<string, ScopeGroupNode>();
    for (const group of next.groups) {
      const label = group.scopeId === null ? 'Without scope' : (scopeName.get(group.scopeId) ?? '');
      const cached = groupCache.get(group.id);
      const node: ScopeGroupNode =
        cached &&
        cached.position.y === group.y &&
        cached.data.label === label &&
        cached.data.count === group.members.length &&
        cached.width === group.width &&
        cached.height === group.height
          ? cached
          : {
              id: group.id,
              type: 'scopeGroup',
              position: { x: 0, y: group.y },
              data: { label, count: group.members.length, scoped: group.scopeId !== null },
              width: group.width,
              height: group.height,
              style: { width: group.width, height: group.height },
              draggable: false,
              selectable: false,
            };
      nextGroups.set(group.id, node);
      nodes.push(node);
    }
    groupCache = nextGroups;

    const byId = new Map(reactions.map((r) => [r.id, r]));
    const seen = new Set<number>();
    for (const group of next.groups) {
      for (const id of group.members) {
        const reaction = byId.get(id) as Reaction;
        const position = next.positions.get(id) as { x: number; y: number };
        const selected = input.selectedId === id;
        const matched = input.matches.has(id);
        const dimmed = input.searching && !matched;
        const invalid = input.invalidIds.has(id);
        const cached = nodeCache.get(id);
        seen.add(id);
        if (
          cached &&
          cached.data.reaction === reaction &&
          cached.parentId === group.id &&
          cached.position.x === position.x &&
          cached.position.y === position.y &&
          cached.data.selected === selected &&
          cached.data.matched === matched &&
          cached.data.dimmed === dimmed &&
          cached.data.invalid === invalid
        ) {
          nodes.push(cached);
          continue;
        }
        const node: ReactionFlowNode = {
          id: nodeId(id),
          type: 'reaction',
          parentId: group.id,
          extent: 'parent',
          position,
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          draggable: false,
          data: { reaction, selected, matched, dimmed, invalid },
        };
        nodeCache.set(id, node);
        nodes.push(node);
      }
    }
    for (const id of [...nodeCache.keys()]) if (!seen.has(id)) nodeCache.delete(id);

    // Names are resolved per build; an edge list is reused while the reaction and the names it uses are unchanged.
    const idByName = new Map(reactions.map((r) => [r.name, r.id]));
    const scopeByName = new Map(scopes.map((s) => [s.name, s.id]));
    const edges: Edge[] = [];
    const transferTargets = new Set<number>();
    for (const reaction of reactions) {
      const referenced = reaction.actions
        .map((a) =>
          a.name === 'timeout'
            ? `t:${a.args.reaction}=${idByName.get(String(a.args.reaction))}`
            : a.name === 'change_scope'
              ? `s:${a.args.scope}=${scopeByName.get(String(a.args.scope))}`
              : '',
        )
        .join('|');
      let cached = edgeCache.get(reaction);
      if (!cached || cached.names !== referenced) {
        cached = { names: referenced, edges: edgesOf(reaction, idByName, scopeByName) };
        edgeCache.set(reaction, cached);
      }
      for (const edge of cached.edges) {
        edges.push(edge);
        if (edge.target.startsWith('project-')) transferTargets.add(Number(edge.target.slice(8)));
      }
    }
    let y = 0;
    for (const project of [...transferTargets].sort((a, b) => a - b)) {
      const name = input.projects.find((p) => p.id === project)?.name ?? `Project ${project}`;
      nodes.push({
        id: `project-${project}`,
        type: 'transfer',
        position: { x: next.width, y },
        data: { label: name },
        draggable: false,
        selectable: false,
      });
      y += 90;
    }
    return { nodes, edges };
  };

  function computeLayoutCached(reactions: readonly Reaction[], scopes: readonly ReactionScope[]): Layout {
    const fresh = computeLayoutKey(reactions, scopes);
    if (layout && layout.key === fresh) return layout;
    layout = computeLayout(reactions, scopes);
    return layout;
  }
}

function computeLayoutKey(reactions: readonly Reaction[], scopes: readonly ReactionScope[]): string {
  const known = new Set<number | null>([null, ...scopes.map((s) => s.id)]);
  const parts = new Map<number | null, number[]>([...known].map((id) => [id, []]));
  for (const r of reactions) parts.get(known.has(r.reactions_scopes_id) ? r.reactions_scopes_id : null)?.push(r.id);
  return [...parts].map(([id, ids]) => `${id}:${ids.join(',')}`).join('|');
}
