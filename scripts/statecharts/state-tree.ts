// Parent lookup and the placement rule shared by the Mermaid and state-machine-cat writers.
import { type StateDefinition, walkStates } from './machine-definition.ts';

export interface StateTree {
  byId: Map<string, StateDefinition>;
  parentOf: Map<string, StateDefinition>;
}

export function indexStates(root: StateDefinition): StateTree {
  const byId = new Map<string, StateDefinition>();
  const parentOf = new Map<string, StateDefinition>();
  walkStates(root, (s) => {
    byId.set(s.id, s);
    for (const child of Object.values(s.states ?? {})) parentOf.set(child.id, s);
  });
  return { byId, parentOf };
}

function ancestors(tree: StateTree, id: string): string[] {
  const chain: string[] = [];
  for (let s = tree.byId.get(id); s; s = tree.parentOf.get(s.id)) chain.unshift(s.id);
  return chain;
}

/**
 * The compound state whose block should hold an edge between two states: the deepest common ancestor that is
 * neither endpoint nor a parallel state (edges drawn inside parallel regions' container confuse both renderers).
 */
export function edgeContainer(tree: StateTree, from: string, to: string): string {
  const a = ancestors(tree, from);
  const b = ancestors(tree, to);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let container = i - 1;
  while (container > 0) {
    const id = a[container];
    if (id !== from && id !== to && tree.byId.get(id)?.type !== 'parallel') break;
    container--;
  }
  return a[Math.max(container, 0)];
}
