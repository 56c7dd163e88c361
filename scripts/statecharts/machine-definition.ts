// Turns a live XState v5 machine into plain, function-free data that diagrams, docs and coverage share.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface TransitionDefinition {
  /** Stable id used by model coverage: `<source state id>|<event type>|<index among that event's candidates>`. */
  key: string;
  /** Event type; `''` for eventless (`always`) transitions. */
  event: string;
  /** Human label: event name, `after <delayName>`, `done: <invokeId>`, `error: <invokeId>`, `always`. */
  label: string;
  kind: 'event' | 'after' | 'invoke.done' | 'invoke.error' | 'state.done' | 'always';
  source: string;
  /** Target state ids; absent for targetless (internal) transitions. */
  targets?: string[];
  guard?: string;
  actions?: string[];
  reenter?: true;
  delay?: string | number;
  invokeId?: string;
  description?: string;
}

export interface InvokeDefinition {
  id: string;
  src: string;
}

export interface StateDefinition {
  id: string;
  key: string;
  /** Dot path from the root, the string `snapshot.matches()` accepts; `''` for the root. */
  path: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  initial?: string;
  tags?: string[];
  entry?: string[];
  exit?: string[];
  invoke?: InvokeDefinition[];
  transitions: TransitionDefinition[];
  states?: Record<string, StateDefinition>;
}

export interface MachineDefinition {
  id: string;
  description?: string;
  root: StateDefinition;
  counts: { states: number; transitions: number };
  /** Every event type a user (or test) must be able to send, sorted. Internal xstate.* events excluded. */
  events: string[];
  delays: Array<string | number>;
}

type Describable = ((...args: never[]) => unknown) & {
  type?: string;
  guards?: unknown[];
  stateValue?: unknown;
  id?: string;
  sendId?: unknown;
  event?: unknown;
};

export function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as Describable;
    const parts = (fn.guards ?? []).map(describeGuard);
    if (fn.name === 'not') return `!${parts[0]}`;
    if (fn.name === 'and') return parts.map((p) => (p.includes(' ') ? `(${p})` : p)).join(' && ');
    if (fn.name === 'or') return parts.map((p) => (p.includes(' ') ? `(${p})` : p)).join(' || ');
    if (fn.name === 'stateIn') return `in(${JSON.stringify(fn.stateValue)})`;
    return 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    return params === undefined || typeof params === 'function' ? type : `${type}(${JSON.stringify(params)})`;
  }
  return 'unknown';
}

/** Action name, or undefined for the raise/cancel pairs xstate adds itself to implement `after`. */
function describeAction(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as Describable;
    if (fn.type === 'xstate.raise' && typeof fn.id === 'string' && fn.id.startsWith('xstate.after.')) return undefined;
    if (fn.type === 'xstate.cancel' && typeof fn.sendId === 'string' && fn.sendId.startsWith('xstate.after.')) {
      return undefined;
    }
    if (typeof fn.type === 'string' && fn.type.startsWith('xstate.')) return fn.type.slice('xstate.'.length);
    return 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'unknown';
}

function describeActions(actions: readonly unknown[]): string[] | undefined {
  const names = actions.map(describeAction).filter((a): a is string => a !== undefined);
  return names.length ? names : undefined;
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

function classify(
  eventType: string,
  t: AnyTransitionDefinition,
): Pick<TransitionDefinition, 'kind' | 'label' | 'delay' | 'invokeId'> {
  if (eventType === '') return { kind: 'always', label: 'always' };
  if (eventType.startsWith(DONE_ACTOR)) {
    const invokeId = eventType.slice(DONE_ACTOR.length);
    return { kind: 'invoke.done', label: `done: ${invokeId}`, invokeId };
  }
  if (eventType.startsWith(ERROR_ACTOR)) {
    const invokeId = eventType.slice(ERROR_ACTOR.length);
    return { kind: 'invoke.error', label: `error: ${invokeId}`, invokeId };
  }
  if (eventType.startsWith(DONE_STATE)) return { kind: 'state.done', label: 'done' };
  if (eventType.startsWith(AFTER)) {
    const delay = (t as AnyTransitionDefinition & { delay?: string | number }).delay ?? eventType.slice(AFTER.length);
    return { kind: 'after', label: typeof delay === 'number' ? `after ${delay}ms` : `after ${delay}`, delay };
  }
  return { kind: 'event', label: eventType };
}

/** All transition definitions of a node, in definition order, with their stable keys. */
export function nodeTransitions(node: AnyStateNode): Array<[AnyTransitionDefinition, TransitionDefinition]> {
  const result: Array<[AnyTransitionDefinition, TransitionDefinition]> = [];
  const add = (eventType: string, list: readonly AnyTransitionDefinition[]) => {
    list.forEach((t, index) => {
      const def: TransitionDefinition = {
        key: `${node.id}|${eventType}|${index}`,
        event: eventType,
        ...classify(eventType, t),
        source: node.id,
      };
      if (t.target?.length) def.targets = t.target.map((target: AnyStateNode) => target.id);
      if (t.guard !== undefined) def.guard = describeGuard(t.guard);
      const actions = describeActions(t.actions as readonly unknown[]);
      if (actions) def.actions = actions;
      if (t.reenter) def.reenter = true;
      if (typeof t.description === 'string') def.description = t.description;
      result.push([t, def]);
    });
  };
  for (const [eventType, list] of node.transitions) add(eventType, list);
  if (node.always) add('', node.always);
  return result;
}

function describeNode(node: AnyStateNode): StateDefinition {
  const def: StateDefinition = {
    id: node.id,
    key: node.key,
    path: node.path.join('.'),
    type: node.type,
    transitions: [],
  };
  if (node.description) def.description = node.description;
  if (node.type === 'compound' && node.initial?.target?.length) def.initial = node.initial.target[0].key;
  if (node.tags.length) def.tags = [...node.tags].sort();
  const entry = describeActions(node.entry);
  if (entry) def.entry = entry;
  const exit = describeActions(node.exit);
  if (exit) def.exit = exit;
  if (node.invoke.length) def.invoke = node.invoke.map((inv) => ({ id: inv.id, src: String(inv.src) }));
  def.transitions = nodeTransitions(node).map(([, t]) => t);
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) def.states = Object.fromEntries(children.map((child) => [child.key, describeNode(child)]));
  return def;
}

export function walkStates(state: StateDefinition, visit: (s: StateDefinition) => void): void {
  visit(state);
  for (const child of Object.values(state.states ?? {})) walkStates(child, visit);
}

export function describeMachine(machine: AnyStateMachine): MachineDefinition {
  // Reading `after` first makes xstate register delayed transitions before we list them.
  const touch = (node: AnyStateNode) => {
    void node.after;
    for (const child of Object.values(node.states) as AnyStateNode[]) touch(child);
  };
  touch(machine.root);
  const root = describeNode(machine.root);
  let states = -1; // the root is the machine, not a state
  let transitions = 0;
  const events = new Set<string>();
  const delays = new Set<string | number>();
  walkStates(root, (s) => {
    states++;
    transitions += s.transitions.length;
    for (const t of s.transitions) {
      if (t.kind === 'event' && t.event !== '*') events.add(t.event);
      if (t.delay !== undefined) delays.add(t.delay);
    }
  });
  const definition: MachineDefinition = {
    id: machine.id,
    root,
    counts: { states, transitions },
    events: [...events].sort(),
    delays: [...delays].sort((a, b) => String(a).localeCompare(String(b))),
  };
  const description = machine.root.description ?? (machine.config as { description?: string }).description;
  if (description) definition.description = description;
  return definition;
}
