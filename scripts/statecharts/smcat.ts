// Converts a machine definition to a state-machine-cat AST and renders it to SVG offline (Graphviz compiled to WASM).
import { render } from 'state-machine-cat';
import type { IActionType, IState, IStateMachine, ITransition, StateType } from 'state-machine-cat';
import type { MachineDefinition, StateDefinition } from './machine-definition.ts';
import { transitionLabel } from './mermaid.ts';
import { edgeContainer, indexStates } from './state-tree.ts';

const stateType: Record<StateDefinition['type'], StateType> = {
  atomic: 'regular',
  compound: 'regular',
  parallel: 'parallel',
  final: 'final',
  history: 'history',
};

export function toSmcatAst(definition: MachineDefinition): IStateMachine {
  const tree = indexStates(definition.root);
  const transitionsByContainer = new Map<string, ITransition[]>();
  let nextId = 1;
  for (const state of tree.byId.values()) {
    for (const t of state.transitions) {
      for (const target of t.targets ?? [t.source]) {
        const container = edgeContainer(tree, t.source, target);
        const transition: ITransition = { id: nextId++, from: t.source, to: target, label: transitionLabel(t) };
        transition.event = t.label;
        if (t.guard) transition.cond = t.guard;
        if (!t.targets) transition.type = 'internal';
        const list = transitionsByContainer.get(container) ?? [];
        list.push(transition);
        transitionsByContainer.set(container, list);
      }
    }
  }

  const machineOf = (parent: StateDefinition): IStateMachine => {
    const states: IState[] = [];
    const transitions: ITransition[] = [];
    if (parent.initial) {
      const initialName = `${parent.id}.initial`;
      states.push({ name: initialName, type: 'initial', typeExplicitlySet: true });
      transitions.push({ id: nextId++, from: initialName, to: parent.states![parent.initial].id });
    }
    for (const child of Object.values(parent.states ?? {})) states.push(stateOf(child));
    transitions.push(...(transitionsByContainer.get(parent.id) ?? []));
    return transitions.length ? { states, transitions } : { states };
  };
  const stateOf = (state: StateDefinition): IState => {
    const result: IState = { name: state.id, type: stateType[state.type], label: state.key, typeExplicitlySet: true };
    const actions: IActionType[] = [
      ...(state.entry ?? []).map((body): IActionType => ({ type: 'entry', body })),
      ...(state.invoke ?? []).map((i): IActionType => ({ type: 'activity', body: `invoke ${i.id}` })),
      ...(state.tags ?? []).map((tag): IActionType => ({ type: 'activity', body: `tag ${tag}` })),
      ...(state.exit ?? []).map((body): IActionType => ({ type: 'exit', body })),
    ];
    if (actions.length) result.actions = actions;
    if (state.description) result.note = [state.description];
    if (state.states) result.statemachine = machineOf(state);
    return result;
  };
  const machine = machineOf(definition.root);
  // Root-level transitions are handled in any state; draw them from a stand-in node so no edge is lost.
  if (definition.root.transitions.length) {
    machine.states.push({ name: definition.root.id, type: 'regular', label: '(any state)', typeExplicitlySet: true });
  }
  return machine;
}

export async function toSvg(definition: MachineDefinition): Promise<string> {
  const svg = await render(toSmcatAst(definition), {
    inputType: 'json',
    outputType: 'svg',
    direction: 'top-down',
    noDotNativeWarning: true,
  });
  return svg.endsWith('\n') ? svg : `${svg}\n`;
}
