import { getEntities } from '../../api/entities.ts';
import { getIntents } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { getSettings } from '../../api/settings.ts';
import { getAuditDeleted } from '../../api/labels.ts';
import { getAuditChanges } from '../../api/audit.ts';
import type { AuditedResource } from '../../api/contract/audit.ts';
import { getActions } from '../../api/actions.ts';
import { getReactions } from '../../api/reactions.ts';
import type { ComparisonRequest, ComparisonResult } from './actors.ts';
import { historyCompareMachine } from './machine.ts';
import { type HistoryTab, tabPath } from './tabs.ts';
import { getKnowledges } from '../../api/knowledges.ts';

/** `GET /v1/{resource}?mtime=T` of each tab. */
const readAt: Record<HistoryTab, (mtime: number) => Promise<unknown>> = {
  reactions: getReactions,
  intents: getIntents,
  actions: getActions,
  entities: getEntities,
  settings: getSettings,
  knowledges: getKnowledges,
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
              getAuditChanges(tabPath(input.tab) as AuditedResource, input.fromMtime, input.toMtime),
            ]).then(([before, after, changes]) => ({ before, after, changes }))
          : undefined,
        input.loadDeleted ? getAuditDeleted(input.fromMtime) : undefined,
      ]);
      return { snapshots, deleted };
    }),
  },
});
