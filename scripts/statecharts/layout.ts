// Lays a machine definition out with ELK (elkjs, the engine Stately's editor uses): nested compound states, parallel
// regions side by side, edge labels placed by the layered algorithm so that none overlaps another.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { type MachineDefinition, type StateDefinition, walkStates } from './machine-definition.ts';
import { transitionLabel } from './mermaid.ts';
import { indexStates, type StateTree } from './state-tree.ts';

/**
 * Diagram text is monospace, so a label's width is known without a browser: DejaVu Sans Mono and Menlo advance
 * 0.60 em per character; 6.8 px per character at 11 px leaves room for fallback fonts.
 */
export const FONT_SIZE = 11;
export const CHAR_WIDTH = 6.8;
export const LINE_HEIGHT = 15;
const TITLE_HEIGHT = 24;
const PADDING = 10;
const LABEL_PADDING = 6;
const INITIAL_SIZE = 12;

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  id: string;
  /** Height of the title and the targetless transitions' rows; children start below it. */
  headerHeight: number;
  /** Targetless (internal) transitions, drawn as rows under the title instead of self-loops. */
  rows: Array<{ transition: string; text: string; y: number }>;
}

export interface LaidOutEdge {
  /** The transition's key in the chart's JSON, or `initial:<parent id>` for an initial pseudo-state's arrow. */
  transition: string;
  source: string;
  target: string;
  points: Point[];
  label?: Box & { text: string };
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Parents before children, so drawing in order nests correctly. */
  states: LaidOutState[];
  initials: Array<Point & { parent: string; size: number }>;
  edges: LaidOutEdge[];
}

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

const initialId = (parent: string) => `${parent}#initial`;

function rowsOf(state: StateDefinition): LaidOutState['rows'] {
  return state.transitions
    .filter((t) => !t.targets)
    .map((t, i) => ({ transition: t.key, text: transitionLabel(t), y: TITLE_HEIGHT + i * LINE_HEIGHT }));
}

function headerHeight(state: StateDefinition): number {
  const rows = state.transitions.filter((t) => !t.targets).length;
  return TITLE_HEIGHT + rows * LINE_HEIGHT + (rows ? 4 : 0);
}

function headerWidth(state: StateDefinition): number {
  const title = state.key + (state.tags?.length ? ` ${state.tags.map((t) => `#${t}`).join(' ')}` : '');
  const texts = [title, ...rowsOf(state).map((r) => r.text)];
  return Math.max(80, ...texts.map(textWidth)) + 2 * PADDING;
}

/** The node holding an edge in ELK's graph: the nearest common ancestor of both ends that is not one of them. */
function edgeParent(tree: StateTree, from: string, to: string): string {
  const chain = (id: string) => {
    const ids: string[] = [];
    for (let s = tree.byId.get(id); s; s = tree.parentOf.get(s.id)) ids.unshift(s.id);
    return ids;
  };
  const a = chain(from);
  const b = chain(to);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let parent = i - 1;
  while (parent >= 0 && (a[parent] === from || a[parent] === to)) parent--;
  return parent >= 0 ? a[parent] : GRAPH_ROOT;
}

const GRAPH_ROOT = '#graph';

async function layoutIn(definition: MachineDefinition, direction: 'DOWN' | 'RIGHT'): Promise<ChartLayout> {
  const tree = indexStates(definition.root);
  const edgesByParent = new Map<string, ElkExtendedEdge[]>();
  const edgeInfo = new Map<string, { transition: string; source: string; target: string }>();
  const addEdge = (
    parent: string,
    edge: ElkExtendedEdge,
    info: { transition: string; source: string; target: string },
  ) => {
    const list = edgesByParent.get(parent) ?? [];
    list.push(edge);
    edgesByParent.set(parent, list);
    edgeInfo.set(edge.id, info);
  };
  walkStates(definition.root, (state) => {
    if (state.initial && state.states) {
      const target = state.states[state.initial].id;
      addEdge(
        state.id,
        { id: `e${edgeInfo.size}`, sources: [initialId(state.id)], targets: [target] },
        {
          transition: `initial:${state.id}`,
          source: initialId(state.id),
          target,
        },
      );
    }
    for (const t of state.transitions) {
      for (const target of t.targets ?? []) {
        const text = transitionLabel(t);
        addEdge(
          edgeParent(tree, t.source, target),
          {
            id: `e${edgeInfo.size}`,
            sources: [t.source],
            targets: [target],
            labels: [{ text, width: textWidth(text) + 2 * LABEL_PADDING, height: LINE_HEIGHT + 2 }],
          },
          { transition: t.key, source: t.source, target },
        );
      }
    }
  });

  const nodeOf = (state: StateDefinition): ElkNode => {
    const children = Object.values(state.states ?? {});
    const node: ElkNode = { id: state.id };
    if (!children.length) {
      node.width = headerWidth(state);
      node.height = Math.max(40, headerHeight(state) + 8);
    } else {
      node.children = children.map(nodeOf);
      if (state.initial) node.children.unshift({ id: initialId(state.id), width: INITIAL_SIZE, height: INITIAL_SIZE });
      node.layoutOptions = {
        'elk.padding': `[top=${headerHeight(state) + PADDING},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${headerWidth(state)},40)`,
      };
      // Regions of a parallel state have no edge between them: one layer puts them side by side.
      if (state.type === 'parallel') node.layoutOptions['elk.separateConnectedComponents'] = 'false';
    }
    const edges = edgesByParent.get(state.id);
    if (edges) node.edges = edges;
    return node;
  };

  const graph: ElkNode = {
    id: GRAPH_ROOT,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeEdge': '12',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.labelLabel': '4',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [nodeOf(definition.root)],
  };
  const rootEdges = edgesByParent.get(GRAPH_ROOT);
  if (rootEdges) graph.edges = rootEdges;

  const result = await new ELK().layout(graph);

  const layout: ChartLayout = {
    width: result.width ?? 0,
    height: result.height ?? 0,
    states: [],
    initials: [],
    edges: [],
  };
  const visit = (node: ElkNode, parent: string | undefined) => {
    const state = tree.byId.get(node.id);
    if (state) {
      layout.states.push({
        id: state.id,
        x: node.x ?? 0,
        y: node.y ?? 0,
        width: node.width ?? 0,
        height: node.height ?? 0,
        headerHeight: headerHeight(state),
        rows: rowsOf(state),
      });
    } else if (parent) {
      layout.initials.push({ parent, x: node.x ?? 0, y: node.y ?? 0, size: INITIAL_SIZE });
    }
    for (const edge of node.edges ?? []) {
      const info = edgeInfo.get(edge.id);
      if (!info) continue;
      const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const laid: LaidOutEdge = { ...info, points: points.map(({ x, y }) => ({ x, y })) };
      const label = edge.labels?.[0];
      if (label?.text) {
        laid.label = {
          text: label.text,
          x: label.x ?? 0,
          y: label.y ?? 0,
          width: label.width ?? 0,
          height: label.height ?? 0,
        };
      }
      layout.edges.push(laid);
    }
    for (const child of node.children ?? []) visit(child, state?.id);
  };
  visit(result, undefined);
  layout.edges.sort((a, b) => edgeOrder(a) - edgeOrder(b));
  return layout;

  function edgeOrder(edge: LaidOutEdge): number {
    return [...edgeInfo.values()].findIndex(
      (info) => info.transition === edge.transition && info.target === edge.target,
    );
  }
}

/** 16:10, a laptop's window: of the two flows, the chart whose shape is nearest to it fits a screen best. */
const SCREEN_RATIO = 1.6;

/** Lays the chart out top-down and left-to-right and keeps the one nearer a screen's shape, rounded to 0.1 px. */
export async function layoutChart(definition: MachineDefinition): Promise<ChartLayout> {
  const candidates = [await layoutIn(definition, 'DOWN'), await layoutIn(definition, 'RIGHT')];
  const misfit = (l: ChartLayout) => Math.abs(Math.log(l.width / l.height / SCREEN_RATIO));
  const [best] = candidates.sort((a, b) => misfit(a) - misfit(b));
  return roundLayout(best);
}

/** A rounded copy, so the generated files do not carry float noise. */
export function roundLayout(layout: ChartLayout): ChartLayout {
  return JSON.parse(JSON.stringify(layout, (_, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v)));
}
