import type { IntentsListContext } from './types.ts';
import { nameTaken, twinOf } from './intentsIndex.ts';

export const isBlank = (name: string): boolean => name.trim() === '';
export const isTakenName = (context: IntentsListContext, name: string, exceptId?: number): boolean =>
  nameTaken(context.intents, name, exceptId);

/** Renaming a positive intent that has a '[NEG]' twin retrains afterwards (spec 2 §4 "Polarity"). */
export const renameRetrains = (context: IntentsListContext, id: number): boolean => {
  const intent = context.intents.find((i) => i.id === id);
  return intent !== undefined && twinOf(context.intents, intent) !== undefined;
};
