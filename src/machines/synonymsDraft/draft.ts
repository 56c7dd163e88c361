import type { Synonym } from '../../api/contract/synonyms.ts';

/** A synonym in the local draft; `key` tells rows apart while names change. */
export interface DraftSynonym extends Synonym {
  key: number;
}

export const toDraft = (list: Synonym[]): DraftSynonym[] => list.map((s, index) => ({ ...s, key: index + 1 }));

/** What PUT /synonyms receives: the draft without keys, empty values dropped. */
export const toSaved = (draft: DraftSynonym[]): Synonym[] =>
  draft.map(({ key: _key, ...s }) => ({ ...s, values: s.values.map((v) => v.trim()).filter((v) => v !== '') }));

export const sameAsSaved = (draft: DraftSynonym[], saved: Synonym[]): boolean =>
  JSON.stringify(toSaved(draft).map(({ id, name, values }) => ({ id, name, values }))) ===
  JSON.stringify(saved.map(({ id, name, values }) => ({ id, name, values })));
