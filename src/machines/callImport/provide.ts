import { fromPromise } from 'xstate';
import { uploadCampaignCalls } from '../../api/outbound.ts';
import { callImportMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The call-list import with the real multipart upload. */
export const providedCallImportMachine = callImportMachine.provide({
  actors: { uploadCalls: fromPromise(({ input }) => uploadCampaignCalls(input.campaignId, input.file)) },
  actions: { notify: (_, params) => showNotice(params) },
});
