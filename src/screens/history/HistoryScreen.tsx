import { useActorRef } from '@xstate/react';
import type { CurrentUser } from '../../api/contract/users.ts';
import { can } from '../../api/permissions.ts';
import { providedHistoryCompareMachine } from '../../machines/historyCompare/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { HISTORY_TABS } from '../../machines/historyCompare/tabs.ts';
import { HistoryView } from './HistoryView.tsx';

/** Spec 2 §6: a tab shows only with GET on its resource; the audit switch needs GET on /audit/deleted. */
function permissionsIn(user: CurrentUser | null | undefined, projectId: number | null) {
  return {
    tabs: HISTORY_TABS.filter((t) => can(user, 'GET', t.path, projectId)).map((t) => t.id),
    canAudit: can(user, 'GET', '/audit/deleted', projectId),
  };
}

function HistoryCompare({ projectId }: { projectId: number | null }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const actor = useActorRef(providedHistoryCompareMachine, {
    input: { ...permissionsIn(user, projectId), now: Date.now() },
  });
  return <HistoryView actor={actor} />;
}

/** /app/history: a fresh comparison per project, with its real side effects. */
export default function HistoryScreen() {
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <HistoryCompare key={projectId ?? 'none'} projectId={projectId} />;
}
