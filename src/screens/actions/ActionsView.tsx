import { Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { actionEditorMachine } from '../../machines/actionEditor/machine.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { ActionCatalogue } from './ActionCatalogue.tsx';
import { ActionFormModal } from './ActionFormModal.tsx';
import { DeleteActionModal } from './DeleteActionModal.tsx';
import { ProjectActionsCard } from './ProjectActionsCard.tsx';

export interface ActionsViewProps {
  actor: ActorRefFrom<typeof actionEditorMachine>;
  canEdit: boolean;
}

/** /app/actions: built-in actions with their arguments, and the project's webhook actions. Only renders and sends. */
export function ActionsView({ actor, canEdit }: ActionsViewProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { context } = state;
  const header = (
    <PageHeader
      icon={IconBolt}
      title="Actions"
      description="What a reaction can do: the built-in actions, and the project's own webhook actions."
      actions={
        canEdit && state.matches('list') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => send({ type: 'action.new' })}>
            New webhook action
          </Button>
        ) : undefined
      }
    />
  );
  if (state.hasTag('loading')) {
    return (
      <Stack data-testid="actions-screen" data-state="loading">
        {header}
        <Group aria-label="Loading actions">
          <Loader size="sm" />
          <Text c="dimmed">Loading actions…</Text>
        </Group>
        <Skeleton h={120} radius="md" />
        <Skeleton h={300} radius="md" />
      </Stack>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <Stack data-testid="actions-screen" data-state="loadFailed">
        {header}
        <RetryAlert
          icon={<IconAlertTriangle />}
          title="Actions could not be loaded."
          onRetry={() => send({ type: 'actions.retry' })}
        />
      </Stack>
    );
  }
  return (
    <Stack data-testid="actions-screen">
      {header}
      <ProjectActionsCard state={state} send={send} canEdit={canEdit} />
      <ActionCatalogue catalogue={context.catalogue} />
      <ActionFormModal state={state} send={send} />
      <DeleteActionModal state={state} send={send} />
    </Stack>
  );
}
