import { callApi } from '../../api/client.ts';
import { loadEntities } from '../../api/entities.ts';
import { loadIntents } from '../../api/intents.ts';
import { loadProjects } from '../../api/projects.ts';
import { fromPromise } from 'xstate';
import { getActionCatalogue, getActions } from '../../api/contract/actions.ts';
import { getReactionScopes, updateReactionScopes } from '../../api/contract/reaction-scopes.ts';
import { getReactions, type Reaction, updateReactions } from '../../api/contract/reactions.ts';
import type { FlowData } from './actors.ts';
import { flowEditorMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';
import { orEmpty } from '../../api/orEmpty.ts';

/** Someone else's change found while saving scopes: handled like the server's 409. */
class ReactionsChangedError extends Error {
  readonly status = 409;
}

const comparable = (list: Reaction[]) =>
  JSON.stringify(
    [...list]
      .sort((a, b) => a.id - b.id)
      .map((r) => [r.id, r.name, r.condition, r.intents, r.priority, r.reactions_scopes_id, r.actions]),
  );

/**
 * The flow editor with its real side effects. It sits beside the machine (like roleEditing) so the graph
 * editor's chunk carries it.
 */
export const providedFlowEditorMachine = flowEditorMachine.provide({
  actors: {
    loadFlow: fromPromise<FlowData>(async () => {
      const [reactions, scopes, catalogue, intents, entities, actions, projects] = await Promise.all([
        callApi(getReactions),
        callApi(getReactionScopes),
        callApi(getActionCatalogue),
        orEmpty(loadIntents()),
        orEmpty(loadEntities()),
        orEmpty(callApi(getActions)),
        orEmpty(loadProjects()),
      ]);
      return {
        reactions,
        scopes,
        catalogue,
        intents: intents.map((i) => i.name).sort((a, b) => a.localeCompare(b)),
        entities: entities.map((e) => e.name).sort((a, b) => a.localeCompare(b)),
        projectActions: actions.map((a) => a.name),
        projects: projects.map(({ id, name }) => ({ id, name })),
      };
    }),
    // 400 names the reaction: the editor shows it, the client's generic 'Error!' would hide it.
    saveReactions: fromPromise(({ input }) =>
      callApi(updateReactions, { body: input.reactions, expectedStatuses: [400] }),
    ),
    saveScopes: fromPromise(async ({ input }) => {
      const scopes = await callApi(updateReactionScopes, { body: input.scopes, expectedStatuses: [400] }).catch(
        (error: unknown) => {
          notifyFailure(error, 'Reaction scopes not saved');
          throw error;
        },
      );
      if (input.renames.length) {
        // The server renamed change_scope steps and moved the reactions' atime: read it back, and make sure
        // nothing but our rename changed (else it is someone else's save: a conflict).
        const now = await callApi(getReactions);
        if (comparable(now) !== comparable(input.expectedReactions)) throw new ReactionsChangedError('Conflict');
      }
      return { scopes };
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});
