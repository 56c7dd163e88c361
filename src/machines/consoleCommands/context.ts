import { createActorContext } from '@xstate/react';
import { consoleCommandsMachine } from './machine.ts';

/** The console's requests between screens (one per signed-in layout). */
export const ConsoleCommandsActor = createActorContext(consoleCommandsMachine);
