import type { Intent } from '../../api/contract/intents.ts';
import { templateHolder } from '../intentsList/intentsIndex.ts';

export const isBlank = (text: string): boolean => text.trim() === '';

/** Who already holds a new template: the same intent, another one, or nobody. */
export function holderOf(
  intents: Intent[],
  intentId: number,
  template: string,
): 'same' | { intent: string; template: string } | null {
  const holder = templateHolder(intents, template.trim());
  if (!holder) return null;
  return holder.intent.id === intentId ? 'same' : { intent: holder.intent.name, template: holder.template };
}

/** An edited template clashes with any template except the one being edited. */
export function editClashes(intents: Intent[], intentId: number, original: string, draft: string): boolean {
  const holder = templateHolder(intents, draft.trim());
  if (!holder) return false;
  return !(holder.intent.id === intentId && holder.template === original);
}

/** Some "Add a template" input holds text that is not only spaces. */
export const hasTyped = (typed: Record<number, string>): boolean => Object.values(typed).some((t) => !isBlank(t));

export function withoutTyped(typed: Record<number, string>, intentId: number): Record<number, string> {
  const { [intentId]: _, ...rest } = typed;
  return rest;
}
