import type { Entity } from '../../api/contract/entities.ts';

export type EntityFields = Omit<Entity, 'id'>;

/** An entity editor's local state; `key` tells editors apart, `id` is missing until the first save. */
export interface EntityDraft extends EntityFields {
  key: number;
  id?: number;
}

/** New entity defaults (spec 2 §5): dictionary, single occurrence, lemmatized, case sensitive, non-system. */
export const newEntity = (name: string): EntityFields => ({
  name,
  type: 'dictionary',
  match: 'lemmatized',
  occurrence: 'single',
  case_insensitive: false,
  values: '',
  __is_system__: false,
});

export const toDrafts = (entities: Entity[]): EntityDraft[] => entities.map((e, index) => ({ ...e, key: index + 1 }));

const fieldsOf = ({ key: _key, id: _id, ...fields }: EntityDraft): EntityFields => fields;

/** Values separated by commas or new lines (spec 2 §3). */
export const valueCount = (values: string): number => values.split(/[,\n]/).filter((v) => v.trim() !== '').length;

/** Only what changed is saved (spec 2 §4 "Entities"): new drafts and drafts that differ from the saved entity. */
export function changedDrafts(drafts: EntityDraft[], saved: Entity[]): EntityDraft[] {
  const byId = new Map(saved.map((e) => [e.id, e]));
  return drafts.filter((d) => {
    if (d.id === undefined) return true;
    const original = byId.get(d.id);
    if (!original) return true;
    const { id: _id, ...fields } = original;
    return JSON.stringify(fieldsOf(d)) !== JSON.stringify({ ...fields });
  });
}

export const toBody = (draft: EntityDraft): EntityFields => fieldsOf(draft);
