// What changed in a chart between two versions of its JSON: states and transitions added, removed or changed.
import {
  type MachineDefinition,
  type StateDefinition,
  type TransitionDefinition,
  walkStates,
} from './machine-definition.ts';

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface TransitionRef {
  /** The transition's key in the newer JSON (the older one's for a removed transition). */
  key: string;
  source: string;
  label: string;
}

export interface MachineChanges {
  name: string;
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  states: { added: string[]; removed: string[]; changed: Array<{ id: string; changes: FieldChange[] }> };
  transitions: {
    added: TransitionRef[];
    removed: TransitionRef[];
    changed: Array<TransitionRef & { changes: FieldChange[] }>;
  };
}

const STATE_FIELDS = ['type', 'description', 'initial', 'tags', 'entry', 'exit', 'invoke'] as const;
const TRANSITION_FIELDS = ['targets', 'guard', 'actions', 'delay', 'reenter', 'description'] as const;

function show(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    return value
      .map((v) => (typeof v === 'object' && v ? (v.id === v.src ? v.id : `${v.id}: ${v.src}`) : String(v)))
      .join(', ');
  }
  return String(value);
}

function fieldChanges<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = show(before[field]);
    const b = show(after[field]);
    if (a !== b) changes.push({ field, before: a, after: b });
  }
  return changes;
}

function statesById(definition: MachineDefinition | undefined): Map<string, StateDefinition> {
  const states = new Map<string, StateDefinition>();
  if (definition) {
    walkStates(definition.root, (s) => {
      states.set(s.id, s);
    });
  }
  return states;
}

/**
 * Transitions by identity. A key names source, event and position; a delayed transition's event names its delay,
 * so it is matched by source and position among the state's delayed transitions instead: a new delay is a change.
 */
function transitionsById(states: Map<string, StateDefinition>): Map<string, TransitionDefinition> {
  const transitions = new Map<string, TransitionDefinition>();
  for (const state of states.values()) {
    let delayed = 0;
    for (const t of state.transitions) {
      transitions.set(t.kind === 'after' ? `${t.source}|after|${delayed++}` : t.key, t);
    }
  }
  return transitions;
}

const ref = (t: TransitionDefinition): TransitionRef => ({
  key: t.key,
  source: t.source,
  label: t.guard ? `${t.label} [${t.guard}]` : t.label,
});

export function diffCharts(
  name: string,
  before: MachineDefinition | undefined,
  after: MachineDefinition | undefined,
): MachineChanges {
  const oldStates = statesById(before);
  const newStates = statesById(after);
  const oldTransitions = transitionsById(oldStates);
  const newTransitions = transitionsById(newStates);
  const changes: MachineChanges = {
    name,
    status: !before ? 'added' : !after ? 'removed' : 'unchanged',
    states: { added: [], removed: [], changed: [] },
    transitions: { added: [], removed: [], changed: [] },
  };
  for (const [id, state] of newStates) {
    if (!state.path) continue; // the root is the machine: its own changes show as its transitions'
    const old = oldStates.get(id);
    if (!old) changes.states.added.push(id);
    else {
      const fields = fieldChanges(old, state, STATE_FIELDS);
      if (fields.length) changes.states.changed.push({ id, changes: fields });
    }
  }
  for (const [id, state] of oldStates) if (state.path && !newStates.has(id)) changes.states.removed.push(id);
  for (const [id, t] of newTransitions) {
    const old = oldTransitions.get(id);
    if (!old) changes.transitions.added.push(ref(t));
    else {
      const fields = fieldChanges(old, t, TRANSITION_FIELDS);
      if (fields.length) changes.transitions.changed.push({ ...ref(t), changes: fields });
    }
  }
  for (const [id, t] of oldTransitions) if (!newTransitions.has(id)) changes.transitions.removed.push(ref(t));
  const counted = [...Object.values(changes.states), ...Object.values(changes.transitions)].some((l) => l.length);
  if (changes.status === 'unchanged' && counted) changes.status = 'changed';
  return changes;
}

export function summarize(changes: MachineChanges): string {
  if (changes.status === 'added' || changes.status === 'removed') return `${changes.name}: machine ${changes.status}`;
  const parts: string[] = [];
  for (const [what, lists] of [
    ['state', changes.states],
    ['transition', changes.transitions],
  ] as const) {
    for (const kind of ['added', 'removed', 'changed'] as const) {
      const n = lists[kind].length;
      if (n) parts.push(`${n} ${what}${n > 1 ? 's' : ''} ${kind}`);
    }
  }
  return `${changes.name}: ${parts.join(', ') || 'unchanged'}`;
}
