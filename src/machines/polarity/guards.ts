import type { Intent } from '../../api/contract/intents.ts';
import { intentById, twinOf } from '../intentsList/intentsIndex.ts';

export const twinIdOf = (intents: Intent[], intentId: number | null): number | null => {
  const intent = intentById(intents, intentId);
  return intent ? (twinOf(intents, intent)?.id ?? null) : null;
};

export const hasTwin = (intents: Intent[], intentId: number): boolean => twinIdOf(intents, intentId) !== null;
