// Writes a machine definition as a Mermaid stateDiagram-v2 (nested and parallel states, guards, delays, notes).
import type { MachineDefinition, StateDefinition, TransitionDefinition } from './machine-definition.ts';
import { edgeContainer, indexStates } from './state-tree.ts';

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
const quoted = (text: string) => text.replace(/"/g, "'");
const labelText = (text: string) => text.replace(/[;#]/g, ',').replace(/\s+/g, ' ');

export function transitionLabel(t: TransitionDefinition): string {
  return t.guard ? `${t.label} [${t.guard}]` : t.label;
}

export function toMermaid(definition: MachineDefinition): string {
  const tree = indexStates(definition.root);
  const edgesByContainer = new Map<string, string[]>();
  const addEdge = (container: string, line: string) => {
    const list = edgesByContainer.get(container) ?? [];
    list.push(line);
    edgesByContainer.set(container, list);
  };
  for (const state of tree.byId.values()) {
    for (const t of state.transitions) {
      const label = labelText(transitionLabel(t));
      for (const target of t.targets ?? [t.source]) {
        addEdge(edgeContainer(tree, t.source, target), `${mermaidId(t.source)} --> ${mermaidId(target)} : ${label}`);
      }
    }
  }

  const lines: string[] = ['---', `title: ${quoted(definition.id)}`, '---', 'stateDiagram-v2'];
  const writeChildren = (parent: StateDefinition, indent: string) => {
    const children = Object.values(parent.states ?? {});
    if (parent.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent}--`);
        writeState(child, indent);
      });
    } else {
      if (parent.initial) lines.push(`${indent}[*] --> ${mermaidId(parent.states![parent.initial].id)}`);
      for (const child of children) writeState(child, indent);
    }
    for (const edge of edgesByContainer.get(parent.id) ?? []) lines.push(`${indent}${edge}`);
  };
  const writeState = (state: StateDefinition, indent: string) => {
    const id = mermaidId(state.id);
    const tags = state.tags ? ` «${state.tags.join(', ')}»` : '';
    const invokes = state.invoke ? ` ⟳ ${state.invoke.map((i) => i.id).join(', ')}` : '';
    const label = quoted(`${state.key}${tags}${invokes}`);
    if (state.states) {
      lines.push(`${indent}state "${label}" as ${id} {`);
      writeChildren(state, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${label}" as ${id}`);
    }
    if (state.type === 'final') lines.push(`${indent}${id} --> [*]`);
    if (state.description) {
      lines.push(`${indent}note right of ${id}`, `${indent}  ${state.description.replace(/\s+/g, ' ')}`);
      lines.push(`${indent}end note`);
    }
  };
  // Root-level transitions are handled in any state; draw them from a stand-in node so no edge is lost.
  if (definition.root.transitions.length) lines.push(`  state "(any state)" as ${mermaidId(definition.root.id)}`);
  writeChildren(definition.root, '  ');
  return `${lines.join('\n')}\n`;
}
