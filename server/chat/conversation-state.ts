/** What a conversation carries between turns besides its tracker (DESIGN §8). */
export interface ConversationState {
  variables: Record<string, unknown>;
  /** The active reaction scope (null: only reactions without a scope run). */
  scopeId: number | null;
  /** The projects the conversation has been in: its own first, then every call_transfer target. */
  projects: number[];
  /** Pending timeout timers: reaction name -> due time in milliseconds. */
  timers: Record<string, number>;
  ended: boolean;
}

export const VARIABLES_MAX = 200;
export const VARIABLE_VALUE_MAX = 10_000;

/** Sets a variable within the limits (at most 200 names, values up to 10,000 characters of JSON). */
export function setVariable(state: ConversationState, name: string, value: unknown): boolean {
  if (!/^[A-Za-z_][\w]{0,99}$/.test(name) || name === '__proto__') return false;
  if (!Object.hasOwn(state.variables, name) && Object.keys(state.variables).length >= VARIABLES_MAX) return false;
  const json = JSON.stringify(value ?? null);
  if (json.length > VARIABLE_VALUE_MAX) return false;
  state.variables[name] = JSON.parse(json);
  return true;
}
