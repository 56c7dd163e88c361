import type { BuiltinActionDoc } from '../../api/contract/actions.ts';
import type { ReactionScope } from '../../api/contract/reaction-scopes.ts';
import {
  PSEUDO_INTENTS,
  type Reaction,
  type ReactionAction,
  type ReactionInput,
} from '../../api/contract/reactions.ts';
import { conditionProblem } from './conditionSyntax.ts';

/**
 * The flow editor's draft: the whole reaction list as edited. Stored reactions keep their ids; new ones get
 * negative ids until saved. Every edit makes a new list (unchanged reactions keep their object), so undo is a
 * stack of lists, "dirty" is `draft !== saved`, and the graph re-renders only the nodes whose reaction changed.
 */
export type FlowDraft = readonly Reaction[];

/** What the save names when something is wrong: the reaction (when known) and a message naming it. */
export interface FlowProblem {
  reactionId: number | null;
  message: string;
}

export const HISTORY_LIMIT = 200;

export function patchReaction(draft: FlowDraft, id: number, patch: Partial<Omit<Reaction, 'id'>>): FlowDraft {
  return draft.map((r) => (r.id === id ? { ...r, ...patch } : r));
}

/** A name not used yet: `base`, `base 2`, `base 3`, ... */
export function freeName(draft: FlowDraft, base: string): string {
  const names = new Set(draft.map((r) => r.name));
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base} ${i}`)) return `${base} ${i}`;
}

export function newReaction(draft: FlowDraft, id: number, scopeId: number | null): Reaction {
  return {
    id,
    name: freeName(draft, 'new reaction'),
    condition: '',
    intents: [],
    priority: 0,
    reactions_scopes_id: scopeId,
    actions: [{ name: 'utter', args: { text: '' }, who: 'bot' }],
  };
}

export function duplicateOf(draft: FlowDraft, source: Reaction, id: number): Reaction {
  return { ...structuredClone(source), id, name: freeName(draft, `${source.name} copy`) };
}

/** The arguments a new step of a built-in action starts with: empty values of the documented ones. */
export function defaultArgs(doc: BuiltinActionDoc | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const arg of doc?.args ?? []) {
    if (!arg.required) continue;
    args[arg.name] = arg.type === 'list' ? [] : arg.type === 'number' ? 1 : arg.type === 'boolean' ? false : '';
  }
  return args;
}

export function addStep(actions: ReactionAction[], step: ReactionAction): ReactionAction[] {
  return [...actions, step];
}

export function removeStep(actions: ReactionAction[], index: number): ReactionAction[] {
  return actions.filter((_, i) => i !== index);
}

export function moveStep(actions: ReactionAction[], from: number, to: number): ReactionAction[] {
  if (from === to || from < 0 || to < 0 || from >= actions.length || to >= actions.length) return actions;
  const next = [...actions];
  const [step] = next.splice(from, 1);
  next.splice(to, 0, step as ReactionAction);
  return next;
}

export function setStepArg(actions: ReactionAction[], index: number, name: string, value: unknown): ReactionAction[] {
  return actions.map((a, i) => {
    if (i !== index) return a;
    const args = { ...a.args };
    if (value === undefined) delete args[name];
    else args[name] = value;
    return { ...a, args };
  });
}

/** change_scope names scopes by name: a scope renamed on the server is renamed in every list we hold. */
export function renameScopeIn(draft: FlowDraft, from: string, to: string): FlowDraft {
  let changed = false;
  const next = draft.map((r) => {
    if (!r.actions.some((a) => a.name === 'change_scope' && a.args.scope === from)) return r;
    changed = true;
    return {
      ...r,
      actions: r.actions.map((a) =>
        a.name === 'change_scope' && a.args.scope === from ? { ...a, args: { ...a.args, scope: to } } : a,
      ),
    };
  });
  return changed ? next : draft;
}

/** The body of PUT /reactions: new reactions go without id. */
export function toSaveBody(draft: FlowDraft): ReactionInput[] {
  return draft.map(({ id, ...fields }) => (id > 0 ? { id, ...fields } : fields));
}

export interface ValidationRefs {
  intents: ReadonlySet<string>;
  scopes: readonly ReactionScope[];
  builtin: ReadonlyMap<string, BuiltinActionDoc>;
  projectActions: ReadonlySet<string>;
}

/** The problems of one reaction, each message naming it (as the server's do). */
export function reactionProblems(r: Reaction, draft: FlowDraft, refs: ValidationRefs): string[] {
  const where = `Reaction ${r.name || '(unnamed)'}`;
  const out: string[] = [];
  if (r.name.trim() === '') out.push('Reaction name cannot be empty.');
  const condition = conditionProblem(r.condition);
  if (condition) out.push(`${where}: the condition does not parse (${condition}).`);
  for (const intent of r.intents) {
    if (!refs.intents.has(intent) && !(PSEUDO_INTENTS as readonly string[]).includes(intent))
      out.push(`${where}: intent ${intent} does not exist.`);
  }
  if (r.reactions_scopes_id !== null && !refs.scopes.some((s) => s.id === r.reactions_scopes_id))
    out.push(`${where}: its reaction scope does not exist.`);
  r.actions.forEach((step, i) => {
    const doc = refs.builtin.get(step.name);
    if (!doc) {
      if (!refs.projectActions.has(step.name)) out.push(`${where}: action ${step.name} does not exist.`);
      return;
    }
    for (const arg of doc.args) {
      const value = step.args[arg.name];
      const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
      if (arg.required && empty && arg.type !== 'number')
        out.push(`${where}: step ${i + 1} (${step.name}) needs ${arg.name}.`);
    }
    const text = (name: string) => (typeof step.args[name] === 'string' ? (step.args[name] as string) : '');
    if ((step.name === 'timeout' || step.name === 'clear_timeout') && text('reaction')) {
      if (!draft.some((o) => o.name === text('reaction')))
        out.push(`${where}: ${step.name} names an unknown reaction ${text('reaction')}.`);
    }
    if (step.name === 'change_scope' && text('scope') && !refs.scopes.some((s) => s.name === text('scope')))
      out.push(`${where}: change_scope names an unknown scope ${text('scope')}.`);
    if (step.name === 'timeout' && !(Number(step.args.seconds) >= 1))
      out.push(`${where}: timeout needs a number of seconds of at least 1.`);
  });
  return out;
}

/** Everything that would stop a save, checked before sending (the server checks again). */
export function draftProblems(draft: FlowDraft, refs: ValidationRefs): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const seen = new Map<string, number>();
  for (const r of draft) {
    for (const message of reactionProblems(r, draft, refs)) problems.push({ reactionId: r.id, message });
    const name = r.name.trim();
    if (seen.has(name)) problems.push({ reactionId: r.id, message: `Duplicit reaction name ${name}.` });
    seen.set(name, r.id);
  }
  return problems;
}

/** The server's 400 message names the reaction ("Reaction X: ..."): point at it when we hold it. */
export function problemFromServer(draft: FlowDraft, message: string): FlowProblem {
  const named = [...draft]
    .sort((a, b) => b.name.length - a.name.length)
    .find((r) => message.startsWith(`Reaction ${r.name}:`) || message.includes(`reaction name ${r.name}.`));
  return { reactionId: named?.id ?? null, message };
}
