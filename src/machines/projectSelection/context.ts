import { createActorContext } from '@xstate/react';
import { projectSelectionMachine } from './machine.ts';

/** The project selection of the signed-in layout. */
export const ProjectSelectionActor = createActorContext(projectSelectionMachine);
