import {
  type ProjectAction,
  type ProjectActionInput,
  projectAction,
  type WEBHOOK_METHODS,
} from '../../api/contract/actions.ts';

/** The form of one webhook action; headers as rows so they can be edited in order. */
export interface ActionDraft {
  /** Stored id, or null for a new action. */
  id: number | null;
  name: string;
  url: string;
  method: (typeof WEBHOOK_METHODS)[number];
  headers: { key: string; value: string }[];
  timeout_ms: number;
}

export type ActionField = Exclude<keyof ActionDraft, 'id'>;

export const emptyDraft = (): ActionDraft => ({
  id: null,
  name: '',
  url: 'https://',
  method: 'POST',
  headers: [],
  timeout_ms: 5000,
});

export const draftOf = (a: ProjectAction): ActionDraft => ({
  id: a.id,
  name: a.name,
  url: a.url,
  method: a.method,
  headers: Object.entries(a.headers).map(([key, value]) => ({ key, value })),
  timeout_ms: a.timeout_ms,
});

export function toInput(d: ActionDraft): ProjectActionInput {
  return {
    ...(d.id === null ? {} : { id: d.id }),
    name: d.name.trim(),
    type: 'webhook',
    url: d.url.trim(),
    method: d.method,
    headers: Object.fromEntries(d.headers.filter((h) => h.key.trim() !== '').map((h) => [h.key.trim(), h.value])),
    timeout_ms: d.timeout_ms,
  };
}

/** Field -> first message, from the contract's own schema (the server checks the same). */
export function draftErrors(d: ActionDraft, others: readonly ProjectAction[], builtin: readonly string[]) {
  const errors: Partial<Record<ActionField, string>> = {};
  const parsed = projectAction.safeParse({ ...toInput(d), id: d.id ?? -1 });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] === 'headers' ? 'headers' : issue.path[0]) as ActionField;
      errors[field] ??= issue.message;
    }
  }
  const name = d.name.trim();
  if (!errors.name && builtin.includes(name)) errors.name = 'The name belongs to a built-in action';
  if (!errors.name && others.some((a) => a.id !== d.id && a.name === name)) errors.name = 'Duplicit action name';
  return errors;
}

/** The whole list PUT /actions sends: the draft replaces its stored action, or joins the list. */
export function listWith(actions: readonly ProjectAction[], d: ActionDraft): ProjectActionInput[] {
  const input = toInput(d);
  return d.id === null ? [...actions, input] : actions.map((a) => (a.id === d.id ? input : a));
}
