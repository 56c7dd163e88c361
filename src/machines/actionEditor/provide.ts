import { callApi } from '../../api/client.ts';
import { fromPromise } from 'xstate';
import { testAction } from '../../api/contract/action-test-call.ts';
import { getActionCatalogue, getActions, updateActions } from '../../api/contract/actions.ts';
import { actionEditorMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

/** The actions screen's machine with its real side effects (beside the machine, so the screen's chunk carries it). */
export const providedActionEditorMachine = actionEditorMachine.provide({
  actors: {
    loadActions: fromPromise(async () => {
      const [actions, catalogue] = await Promise.all([callApi(getActions), callApi(getActionCatalogue)]);
      return { actions, catalogue };
    }),
    // 400 ("used by reaction X", duplicate names) is shown in the form rather than as a bare 'Error!'.
    saveActions: fromPromise(({ input }) => callApi(updateActions, { body: input.actions, expectedStatuses: [400] })),
    testAction: fromPromise(({ input }) =>
      callApi(testAction, { params: { id: input.id }, body: input.body, expectedStatuses: [400, 404] }),
    ),
  },
  actions: noticeActions,
});
