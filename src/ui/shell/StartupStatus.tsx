import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { startupMachine } from '../../machines/startup/machine.ts';

/** Next to the project label: a spinner while the project's startup loads run, a retry when they could not. */
export function StartupStatus({ actor }: { actor: ActorRefFrom<typeof startupMachine> }) {
  const state = useSelector(actor, (s) => s);
  if (state.hasTag('loading')) return <Loader size={12} aria-label="Loading the project" />;
  if (state.matches('failed'))
    return (
      <Tooltip label="The project's lists could not be loaded; screens load their own. Click to try again.">
        <ActionIcon
          size="xs"
          variant="subtle"
          color="yellow"
          aria-label="Load the project again"
          onClick={() => actor.send({ type: 'startup.retry' })}
        >
          <IconRefreshAlert size={14} />
        </ActionIcon>
      </Tooltip>
    );
  return null;
}
