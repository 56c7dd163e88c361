import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { can } from '../../api/permissions.ts';
import type { CurrentUser } from '../../api/contract/users.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';

export const NEXT_STEP_DEPLOY =
  'Talk to your bot with Run Chat, then deploy it to testing: the widget on your web answers from the deployment.';
export const NEXT_STEP_CHAT = 'Talk to your bot with Run Chat and see what it understands.';

/** The dashboard's guided start (issue 19): what to do next, in one sentence with one button. */
export function NextStepCard({ user, projectId }: { user: CurrentUser | null; projectId: number | null }) {
  const commands = ConsoleCommandsActor.useActorRef();
  const mayDeploy = can(user, 'GET', '/run/deploy', projectId, 'dev');
  const mayChat = can(user, 'POST', '/chat', projectId);
  if (!mayDeploy && !mayChat) return null;
  return (
    <Card withBorder padding="lg" data-testid="dashboard-next-step">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg">
          <IconRocket size={20} />
        </ThemeIcon>
        <Title order={4}>Next step</Title>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Text size="sm">{mayDeploy ? NEXT_STEP_DEPLOY : NEXT_STEP_CHAT}</Text>
        {mayDeploy ? (
          <Button onClick={() => commands.send({ type: 'deploy.open.request', env: 'dev' })}>Deploy to testing</Button>
        ) : (
          <Button onClick={() => commands.send({ type: 'chat.open.request' })}>Talk to the bot</Button>
        )}
      </Group>
    </Card>
  );
}
