import { fromPromise } from 'xstate';
import type { Entity } from '../../api/contract/entities.ts';
import type { EntityDraft } from './draft.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`entityEditor actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const entityEditorActors = {
  loadEntities: fromPromise<Entity[]>(notProvided('loadEntities')),
  /** PUT /entities/{id or -1} for each changed draft, in order; answers the ids by draft key. */
  saveEntities: fromPromise<Record<number, number>, { drafts: EntityDraft[] }>(notProvided('saveEntities')),
  deleteEntity: fromPromise<unknown, { id: number }>(notProvided('deleteEntity')),
  /** GET /worker/reload after saving. */
  reloadWorker: fromPromise<unknown>(notProvided('reloadWorker')),
};
