import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedRunAllTestsMachine } from '../../machines/runAllTests/provided.ts';
import { onRunAllRequest, takePendingRunAll } from '../../machines/runAllTests/runRequests.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { TestsView } from './TestsView.tsx';

function Tests({ canEdit, canRun }: { canEdit: boolean; canRun: boolean }) {
  const actor = useActorRef(providedRunAllTestsMachine, { input: { runOnLoad: takePendingRunAll() } });
  // The top bar's Run Tests while this screen is open.
  useEffect(() => onRunAllRequest(() => actor.send({ type: 'tests.runAll' })), [actor]);
  return <TestsView actor={actor} canEdit={canEdit} canRun={canRun} />;
}

/** /app/tests, fresh for each project. */
export default function TestsScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <Tests
      key={projectId ?? 'none'}
      canEdit={can(user, 'PUT', '/tests/{id}', projectId)}
      canRun={can(user, 'GET', '/run/test/{id}', projectId)}
    />
  );
}
