import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedDeployModalMachine } from '../../machines/deployModal/provide.ts';
import { providedDeploymentsListMachine } from '../../machines/deploymentsList/provide.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { deploymentsScreenMachine } from '../../machines/deploymentsScreen/machine.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { DeploymentsView } from './DeploymentsView.tsx';

function Deployments({ canDev, canProd }: { canDev: boolean; canProd: boolean }) {
  const commands = ConsoleCommandsActor.useActorRef();
  const screen = useActorRef(
    deploymentsScreenMachine.provide({
      actors: { list: providedDeploymentsListMachine, deploy: providedDeployModalMachine },
    }),
    { input: { commands } },
  );
  const { list, deploy } = screen.getSnapshot().context;
  return <DeploymentsView list={list} deploy={deploy} canDev={canDev} canProd={canProd} />;
}

/** /app/deployments (spec 2 §2 "Deployments screen"), fresh for each project. */
export default function DeploymentsScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <Deployments
      key={projectId ?? 'none'}
      canDev={can(user, 'GET', '/run/deploy', projectId, 'dev')}
      canProd={can(user, 'GET', '/run/deploy', projectId, 'prod')}
    />
  );
}
