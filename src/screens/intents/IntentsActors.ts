import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { intentsListMachine } from '../../machines/intentsList/machine.ts';
import type { polarityMachine } from '../../machines/polarity/machine.ts';
import type { templateEditingMachine } from '../../machines/templateEditing/machine.ts';

/** The intents screen's actors and permissions, for its rows. */
export interface IntentsActors {
  list: ActorRefFrom<typeof intentsListMachine>;
  templates: ActorRefFrom<typeof templateEditingMachine>;
  polarity: ActorRefFrom<typeof polarityMachine>;
  /** PUT /intents: add, rename, delete, templates and polarity. */
  canEdit: boolean;
}

export const IntentsActorsContext = createContext<IntentsActors | null>(null);

export function useIntentsActors(): IntentsActors {
  const actors = useContext(IntentsActorsContext);
  if (!actors) throw new Error('useIntentsActors outside the intents screen');
  return actors;
}
