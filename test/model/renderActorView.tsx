import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { type ActorRefFrom, type AnyStateMachine, createActor } from 'xstate';

/**
 * What most model tests' `render` does: a fresh actor of the (already `.provide`d) machine, started, and
 * the screen's view rendered on it inside Mantine.
 */
export function renderActorView<TMachine extends AnyStateMachine>(
  machine: TMachine,
  View: ComponentType<{ actor: ActorRefFrom<TMachine> }>,
): { actor: ActorRefFrom<TMachine> } {
  const actor = createActor(machine).start() as ActorRefFrom<TMachine>;
  render(
    <MantineProvider env="test">
      <View actor={actor} />
    </MantineProvider>,
  );
  return { actor };
}
