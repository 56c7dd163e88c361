import { Button, Group, Loader, Menu, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconBrain, IconChevronDown, IconCloudUpload, IconPlayerPlay } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { can } from '../../api/permissions.ts';
import { providedDeployModalMachine } from '../../machines/deployModal/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedTrainingMachine } from '../../machines/training/provide.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import type { consoleCommandsMachine } from '../../machines/consoleCommands/machine.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { isTraining } from '../../machines/training/selectors.ts';
import { RunChat } from '../chat/RunChat.tsx';
import { DeployModal } from '../DeployModal.tsx';

export const TESTS_PATH = '/app/tests';

/** Run Tests: the tests screen takes the request when it opens and starts Run all (the button and the palette). */
export function requestRunTests(commands: ActorRefFrom<typeof consoleCommandsMachine>, navigate: (to: string) => void) {
  commands.send({ type: 'tests.runAll.request' });
  navigate(TESTS_PATH);
}

/**
 * Run Tests (Ctrl+Shift+T), Train (the shared training statechart), Run Chat (Ctrl+Shift+X) and the Deploy
 * dropdown (Testing Ctrl+Shift+E, Production), each only when permitted. Run Tests opens the tests screen
 * and starts Run all there; Deploy opens the deployment modal.
 */
export function TopBarActions({
  canRunTests,
  canChat,
  canDeployTesting,
  canDeployProduction,
  trainingLogic = providedTrainingMachine,
  deployLogic = providedDeployModalMachine,
}: {
  canRunTests: boolean;
  canChat: boolean;
  canDeployTesting: boolean;
  canDeployProduction: boolean;
  trainingLogic?: typeof providedTrainingMachine;
  deployLogic?: typeof providedDeployModalMachine;
}) {
  const [, navigate] = useLocation();
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const canTrain = can(user, 'GET', '/run/train', projectId);
  const training = useActorRef(trainingLogic);
  const trainingBusy = useSelector(training, isTraining);
  const deploy = useActorRef(deployLogic);
  const commands = ConsoleCommandsActor.useActorRef();

  const runTests = () => {
    if (canRunTests) requestRunTests(commands, navigate);
  };
  const train = () => {
    if (canTrain) training.send({ type: 'train.start' });
  };
  const openDeploy = (env: 'dev' | 'prod') => {
    if ((env === 'dev' && canDeployTesting) || (env === 'prod' && canDeployProduction))
      deploy.send({ type: 'deploy.open', env });
  };
  // The dashboard's next step and the command palette open the same dialog and start the same training.
  useEffect(() => {
    const subscriptions = [
      commands.on('deploy.open', (event) => openDeploy(event.env)),
      commands.on('train', train),
      // An open deployments list shows this dialog's deployment at once (issue 34 item 5).
      deploy.on('deploy.done', (event) => commands.send({ type: 'deployment.announce', deployment: event.deployment })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  });
  useHotkeys([
    ['ctrl+shift+T', runTests],
    ['ctrl+shift+E', () => openDeploy('dev')],
  ]);

  return (
    <>
      <Group gap="xs" visibleFrom="md" wrap="nowrap">
        {canRunTests && (
          <Tooltip label="Run all tests · Ctrl+Shift+T">
            <Button variant="default" size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={runTests}>
              Run Tests
            </Button>
          </Tooltip>
        )}
        {canTrain && (
          <Tooltip label="Train the language model">
            <Button
              variant="default"
              size="xs"
              leftSection={trainingBusy ? <Loader size={12} /> : <IconBrain size={14} />}
              disabled={trainingBusy}
              onClick={train}
            >
              {trainingBusy ? 'Training…' : 'Train'}
            </Button>
          </Tooltip>
        )}
        {canChat && <RunChat />}
        {(canDeployTesting || canDeployProduction) && (
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button
                size="xs"
                leftSection={<IconCloudUpload size={14} />}
                rightSection={<IconChevronDown size={14} />}
              >
                Deploy
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canDeployTesting && (
                <Menu.Item rightSection="Ctrl+Shift+E" onClick={() => openDeploy('dev')}>
                  Testing
                </Menu.Item>
              )}
              {canDeployProduction && <Menu.Item onClick={() => openDeploy('prod')}>Production</Menu.Item>}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <DeployModal actor={deploy} />
    </>
  );
}
