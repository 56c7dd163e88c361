import { type Intent, NEGATIVE_INTENT_SUFFIX } from '../../api/contract/intents.ts';

/** Reading the intents list: twins, template holders, names. Shared by the intents machines and their views. */

export const isNegative = (intent: Pick<Intent, 'name'>): boolean => intent.name.endsWith(NEGATIVE_INTENT_SUFFIX);
export const twinName = (name: string): string => `${name}${NEGATIVE_INTENT_SUFFIX}`;

/** The '[NEG]' twin of a positive intent, if it has one. */
export const twinOf = (intents: Intent[], intent: Pick<Intent, 'name'>): Intent | undefined => {
  if (isNegative(intent)) return undefined;
  const name = twinName(intent.name);
  return intents.find((i) => i.name === name);
};

export const intentById = (intents: Intent[], id: number | null): Intent | undefined =>
  id === null ? undefined : intents.find((i) => i.id === id);

const key = (text: string) => text.trim().toLowerCase();

/** Names are unique ignoring case (the server compares the same way). */
export const nameTaken = (intents: Intent[], name: string, exceptId?: number): boolean =>
  intents.some((i) => i.id !== exceptId && key(i.name) === key(name));

/** The intent already holding a template, ignoring case (spec 2 §5), and the template as written there. */
export function templateHolder(intents: Intent[], template: string): { intent: Intent; template: string } | undefined {
  const wanted = key(template);
  for (const intent of intents) {
    const found = intent.templates.find((t) => key(t) === wanted);
    if (found !== undefined) return { intent, template: found };
  }
  return undefined;
}
