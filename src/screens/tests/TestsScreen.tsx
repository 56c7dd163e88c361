import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedRunAllTestsMachine } from '../../machines/runAllTests/provide.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { useLinkedSelection } from '../../ui/useLinkedSelection.ts';
import { TestsView } from './TestsView.tsx';

const selectTest = (id: number) => ({ type: 'test.select' as const, id });

function Tests({ canEdit, canRun }: { canEdit: boolean; canRun: boolean }) {
  const commands = ConsoleCommandsActor.useActorRef();
  // The top bar's Run Tests made before this screen opened, or while it is open.
  const actor = useActorRef(providedRunAllTestsMachine, {
    input: { runOnLoad: commands.getSnapshot().context.runAllPending },
  });
  useEffect(() => {
    commands.send({ type: 'tests.runAll.taken' });
    const subscription = commands.on('tests.runAll', () => {
      actor.send({ type: 'tests.runAll' });
      commands.send({ type: 'tests.runAll.taken' });
    });
    return () => subscription.unsubscribe();
  }, [actor, commands]);
  // ?test_id=N (the command palette) selects that test once the list is loaded.
  useLinkedSelection('test', actor, selectTest);
  // A test open in the editor with typed changes: leaving the screen asks first.
  useUnsavedDraft(actor, 'test', { type: 'draft.save' });
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
