import { getIntents } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { getTests } from '../../api/tests.ts';
import { getReactions } from '../../api/reactions.ts';
import { commandPaletteMachine } from './machine.ts';
import { getKnowledges } from '../../api/knowledges.ts';
import { entryLabel } from '../knowledgeEntries/label.ts';

const namesOf = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));

/** The palette's intents, reactions and tests: only the lists the user may read are asked for. */
export const providedCommandPaletteMachine = commandPaletteMachine.provide({
  actors: {
    loadEntries: fromPromise(async ({ input }) => {
      const [intents, reactions, tests, knowledge] = await Promise.all([
        input.intents ? getIntents() : [],
        input.reactions ? getReactions() : [],
        input.tests ? getTests() : [],
        input.knowledge ? getKnowledges() : [],
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
