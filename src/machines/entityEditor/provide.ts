import { removeEntity, loadEntities, insertEntity, updateEntity } from '../../api/entities.ts';
import { refreshWorker } from '../../api/training.ts';
import { fromPromise } from 'xstate';
import { toBody as toEntityBody } from './draft.ts';
import { entityEditorMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedEntityEditorMachine = entityEditorMachine.provide({
  actors: {
    loadEntities: fromPromise(() => loadEntities()),
    saveEntities: fromPromise(async ({ input }) => {
      const ids: Record<number, number> = {};
      for (const draft of input.drafts) {
        const body = toEntityBody(draft);
        ids[draft.key] = (draft.id === undefined ? await insertEntity(body) : await updateEntity(draft.id, body)).id;
      }
      return ids;
    }),
    deleteEntity: fromPromise(({ input }) => removeEntity(input.id)),
    reloadWorker: fromPromise<unknown>(() => refreshWorker()),
  },
  actions: noticeActions,
});
