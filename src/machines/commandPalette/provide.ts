import { loadIntents } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { loadTests } from '../../api/tests.ts';
import { loadReactions } from '../../api/reactions.ts';
import { commandPaletteMachine } from './machine.ts';
import { loadKnowledges } from '../../api/knowledges.ts';
import { entryLabel } from '../knowledgeEntries/label.ts';

const namesOf = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));

/** The palette's intents, reactions and tests: only the lists the user may read are asked for. */
export const providedCommandPaletteMachine = commandPaletteMachine.provide({
  actors: {
    loadEntries: fromPromise(async ({ input }) => {
      const [intents, reactions, tests, knowledge] = await Promise.all([
        input.intents ? loadIntents() : [],
        input.reactions ? loadReactions() : [],
        input.tests ? loadTests() : [],
        input.knowledge ? loadKnowledges() : [],
      ]);
      return {
        intents: namesOf(intents),
        reactions: namesOf(reactions),
        tests: namesOf(tests),
        knowledge: knowledge.map((e) => ({ id: e.id, name: entryLabel(e) })),
      };
    }),
  },
});
