import { createActorContext } from '@xstate/react';
import { sessionMachine } from './machine.ts';

/** The one session actor of the app; the provider is given the provided machine (./provide.ts). */
export const SessionActor = createActorContext(sessionMachine);
