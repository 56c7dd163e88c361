import { callApi } from '../../api/client.ts';
import { loadIntents } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { classifyPhrases } from '../../api/contract/triage.ts';
import { phraseTriageMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';

export const providedPhraseTriageMachine = phraseTriageMachine.provide({
  actors: {
    loadIntents: fromPromise(async () => (await loadIntents()).map(({ id, name }) => ({ id, name }))),
    classifyPhrases: fromPromise(({ input }) =>
      callApi(classifyPhrases, {
        body: { phrases: input.phrases, intent_id: input.intentId, keep_as_test: input.keepAsTest },
      }),
    ),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});
