import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { KNOWLEDGE_TOASTS } from '../../api/contract/knowledges.ts';
import { knowledgeEntriesMachine } from '../knowledgeEntries/machine.ts';
import { knowledgeImportMachine } from '../knowledgeImport/machine.ts';
import { knowledgeJobMachine } from '../knowledgeJob/machine.ts';
import { knowledgeQuestionMachine } from '../knowledgeQuestion/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';

/** Shown when a reindex job failed without saying why. */
export const REINDEX_FAILED = 'Reindexing failed';

export interface KnowledgeScreenContext {
  entries: ActorRefFrom<typeof knowledgeEntriesMachine>;
  importer: ActorRefFrom<typeof knowledgeImportMachine>;
  reindex: ActorRefFrom<typeof knowledgeJobMachine>;
  question: ActorRefFrom<typeof knowledgeQuestionMachine>;
}

type KnowledgeScreenEvent = { type: 'knowledge.changed' } | { type: 'knowledge.imported' } | { type: 'job.done' };

/**
 * The knowledge base screen: its entries, import, reindex and question charts. An import reloads the list; any
 * change makes the reindex panel read the index status again (now stale); a finished reindex reloads the list
 * (each entry's "last indexed").
 */
export const knowledgeScreenMachine = setup({
  types: { context: {} as KnowledgeScreenContext, events: {} as KnowledgeScreenEvent },
  actors: {
    entries: knowledgeEntriesMachine,
    importer: knowledgeImportMachine,
    reindex: knowledgeJobMachine,
    question: knowledgeQuestionMachine,
    relay: relayEmitted,
  },
}).createMachine({
  id: 'knowledgeScreen',
  description: 'The knowledge base screen: entries, import, reindex and "try a question", kept in step.',
  context: ({ spawn }) => ({
    entries: spawn('entries', { id: 'entries' }),
    importer: spawn('importer', { id: 'importer' }),
    reindex: spawn('reindex', {
      id: 'reindex',
      input: {
        texts: { queued: KNOWLEDGE_TOASTS.reindexQueued, done: KNOWLEDGE_TOASTS.reindexed, failed: REINDEX_FAILED },
      },
    }),
    question: spawn('question', { id: 'question' }),
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: what one chart emits reaches the charts that act on it.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({
          sources: [
            { from: context.entries, types: ['knowledge.changed'] },
            { from: context.importer, types: ['knowledge.imported'] },
            { from: context.reindex, types: ['job.done'] },
          ],
        }),
      },
      on: {
        'knowledge.changed': { actions: sendTo(({ context }) => context.reindex, { type: 'job.refresh' }) },
        'knowledge.imported': {
          actions: [
            sendTo(({ context }) => context.entries, { type: 'entries.reload' }),
            sendTo(({ context }) => context.reindex, { type: 'job.refresh' }),
          ],
        },
        'job.done': { actions: sendTo(({ context }) => context.entries, { type: 'entries.reload' }) },
      },
    },
  },
});
