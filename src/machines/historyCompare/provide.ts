import { loadEntities } from '../../api/entities.ts';
import { loadIntents } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { loadSettings } from '../../api/settings.ts';
import { loadDeletedItems } from '../../api/labels.ts';
import { loadChanges } from '../../api/audit.ts';
import type { AuditedResource } from '../../api/contract/audit.ts';
import { loadActions } from '../../api/actions.ts';
import { loadReactions } from '../../api/reactions.ts';
import type { ComparisonRequest, ComparisonResult } from './actors.ts';
import { historyCompareMachine } from './machine.ts';
import { type HistoryTab, tabPath } from './tabs.ts';
import { loadKnowledges } from '../../api/knowledges.ts';

/** `GET /v1/{resource}?mtime=T` of each tab. */
const readAt: Record<HistoryTab, (mtime: number) => Promise<unknown>> = {
  reactions: loadReactions,
  intents: loadIntents,
  actions: loadActions,
  entities: loadEntities,
  settings: loadSettings,
  knowledges: loadKnowledges,
};

/** The history machine with its real side effects: the resource reads at both times, its changes in between, and the audit of deletions. */
export const providedHistoryCompareMachine = historyCompareMachine.provide({
  actors: {
    loadComparison: fromPromise<ComparisonResult, ComparisonRequest>(async ({ input }) => {
      const read = readAt[input.tab];
      const [snapshots, deleted] = await Promise.all([
        input.loadTab
          ? Promise.all([
              read(input.fromMtime),
              read(input.toMtime),
              loadChanges(tabPath(input.tab) as AuditedResource, input.fromMtime, input.toMtime),
            ]).then(([before, after, changes]) => ({ before, after, changes }))
          : undefined,
        input.loadDeleted ? loadDeletedItems(input.fromMtime) : undefined,
      ]);
      return { snapshots, deleted };
    }),
  },
});
