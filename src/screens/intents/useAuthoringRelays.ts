import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { intentsListMachine } from '../../machines/intentsList/machine.ts';
import type { polarityMachine } from '../../machines/polarity/machine.ts';
import type { templateEditingMachine } from '../../machines/templateEditing/machine.ts';
import type { trainingMachine } from '../../machines/training/machine.ts';

/**
 * Hands what one machine reports to the machine that acts on it: template and polarity changes to the list,
 * a finished training's evaluation to the list, and the list's retraining request (a renamed polar intent) to
 * training. Only events pass; no state is copied.
 */
export function useIntentsRelays(actors: {
  list: ActorRefFrom<typeof intentsListMachine>;
  templates: ActorRefFrom<typeof templateEditingMachine>;
  polarity: ActorRefFrom<typeof polarityMachine>;
  training: ActorRefFrom<typeof trainingMachine>;
}): void {
  const { list, templates, polarity, training } = actors;
  useEffect(() => {
    const subscriptions = [
      templates.on('intents.patch', (event) => list.send(event)),
      polarity.on('intents.patch', (event) => list.send(event)),
      training.on('training.done', (event) => list.send({ type: 'evaluation.loaded', answer: event.answer })),
      list.on('training.request', () => training.send({ type: 'train.start' })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [list, templates, polarity, training]);
}
