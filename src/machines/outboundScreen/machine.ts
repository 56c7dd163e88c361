import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate';
import { CANNOT_DOWNLOAD } from '../../api/contract/users-logs.ts';
import type { CampaignCall, CampaignState } from '../../api/contract/outbound.ts';
import { failureReason } from '../../api/contract/notice.ts';
import { type OutboundLoad, outboundScreenActors } from './actors.ts';
import type { OutboundScreenEvent } from './events.ts';
import { isLive, utcMinute } from './selectors.ts';

/** Success toast of spec 2 §8, verbatim. */
export const CAMPAIGN_DELETED = 'Campaign deleted';
export const CAMPAIGN_NOT_DELETED = 'The campaign was not deleted.';
export const CAMPAIGN_STATE_NOT_CHANGED = 'The campaign was not started or paused.';
export const CALL_REMOVED = 'Call removed';
export const CALL_NOT_REMOVED = 'The call was not removed.';
export const CALL_CHANGED = 'Call changed';
export const CALL_NOT_CHANGED = 'The call was not changed.';
/** Spec 2 §8 "Cannot download file!" (the report). */
export const CANNOT_DOWNLOAD_REPORT = CANNOT_DOWNLOAD;

export interface OutboundScreenInput {
  /** The add/edit modal's chart and the import's: what they emit reloads the list. */
  modal: AnyActorRef;
  importer: AnyActorRef;
}

export interface OutboundScreenContext extends Omit<OutboundLoad, 'dialler'> {
  /** The server's dialler, null until the first load. */
  dialler: OutboundLoad['dialler'] | null;
  /** The campaign whose call table is open. */
  selectedId: number | null;
  /** The campaign being deleted, started, paused or reported on. */
  target: number | null;
  /** The last refresh failed: the table shows what was loaded before, with a warning. */
  stale: boolean;
  /** The undialled call being removed or changed. */
  callTarget: CampaignCall | null;
  /** The change form of `callTarget`: destination and scheduled time as the call list writes them. */
  callDraft: { destination: string; scheduledTime: string };
  /** Why the server refused the change (400, or 409 once the call has been dialled). */
  callError: string | null;
  modal: AnyActorRef;
  importer: AnyActorRef;
}

type Notice = { title: string; message?: string; color: 'red' | 'green' };

/**
 * The outbound screen (spec 2 §2): the campaign table, refreshed while calls are being placed; one campaign's call
 * table; delete after a confirmation; explicit Start (after a confirmation: dialling costs money) and Pause; the
 * report CSV. The add/edit modal and the import are charts of their own whose results reload the table.
 */
const outboundScreenSetup = setup({
  types: {
    context: {} as OutboundScreenContext,
    events: {} as OutboundScreenEvent,
    input: {} as OutboundScreenInput,
  },
  actors: outboundScreenActors,
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    store: assign((_, params: OutboundLoad) => ({
      campaigns: params.campaigns,
      calls: params.calls,
      dialler: params.dialler,
      stale: false,
    })),
    rememberSelectedId: assign({
      selectedId: (_, event: Extract<OutboundScreenEvent, { type: 'calls.imported' }>) => event.campaignId,
    }),
    rememberSelectedIdOnCampaignSelect: assign({
      selectedId: (_, event: Extract<OutboundScreenEvent, { type: 'campaign.select' }>) => event.id,
    }),
    clearSelectedIdAndCalls: assign({ selectedId: null, calls: null }),
    rememberTarget: assign({
      target: (_, event: Extract<OutboundScreenEvent, { type: 'campaign.delete' }>) => event.id,
    }),
    rememberTargetOnCampaignStart: assign({
      target: (_, event: Extract<OutboundScreenEvent, { type: 'campaign.start' }>) => event.id,
    }),
    rememberTargetOnCampaignPause: assign({
      target: (_, event: Extract<OutboundScreenEvent, { type: 'campaign.pause' }>) => event.id,
    }),
    rememberTargetOnReportDownload: assign({
      target: (_, event: Extract<OutboundScreenEvent, { type: 'report.download' }>) => event.id,
    }),
    rememberStale: assign({ stale: true }),
    rememberCallTarget: assign((_, call: CampaignCall) => ({
      callTarget: call,
      callError: null,
      callDraft: { destination: call.destination, scheduledTime: utcMinute(call.scheduled_time) },
    })),
    changeCallDraft: assign(({ context }, params: { field: 'destination' | 'scheduledTime'; value: string }) => ({
      callDraft: { ...context.callDraft, [params.field]: params.value },
    })),
    rememberCallError: assign((_, params: { error: unknown }) => ({
      callError: failureReason(params.error) ?? CALL_NOT_CHANGED,
    })),
    clearCallTarget: assign({ callTarget: null, callError: null }),
    clearTarget: assign({ target: null }),
    storeOnDeleteCampaign: assign(({ context }) =>
      context.selectedId === context.target ? { target: null, selectedId: null, calls: null } : { target: null },
    ),
  },
  guards: {
    isLive: ({ context }) => isLive(context.campaigns),
    /** A call's buttons are in the open call table only. */
    callTableOpen: ({ context }) => context.selectedId !== null && context.calls?.campaignId === context.selectedId,
  },
  delays: {
    /** How often the table (and an open call table) is refreshed while a campaign runs or calls are in progress. */
    campaignsRefresh: 5000,
  },
}).extend<{ stateChangeFailed: { error: unknown } }>({
  actions: {
    /** Start or Pause was refused: the campaign is no longer the target, and the user is told. */
    stateChangeFailed: enqueueActions(({ enqueue }, params) => {
      enqueue.assign({ target: null });
      enqueue({ type: 'notifyFailure', params: { error: params.error, title: CAMPAIGN_STATE_NOT_CHANGED } });
    }),
  },
});

export const outboundScreenMachine = outboundScreenSetup.createMachine({
  id: 'outboundScreen',
  description:
    'Outbound campaigns: the table, a call table, Start/Pause, delete, report; the modal and import reload it.',
  context: ({ input }) => ({
    campaigns: [],
    calls: null,
    dialler: null,
    selectedId: null,
    target: null,
    stale: false,
    callTarget: null,
    callDraft: { destination: '', scheduledTime: '' },
    callError: null,
    modal: input.modal,
    importer: input.importer,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The campaigns (and which dialler the server has) are being fetched for the first time.',
      tags: ['loading'],
      invoke: {
        id: 'loadCampaigns',
        src: 'loadCampaigns',
        input: ({ context }) => ({ selectedId: context.selectedId }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The campaigns could not be fetched; Reload tries again.',
      on: { 'campaigns.reload': 'loading' },
    },
    ready: {
      description: 'The table is shown; the modal and the import may be open over it.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({
          sources: [
            { from: context.modal, types: ['campaign.saved'] },
            { from: context.importer, types: ['calls.imported'] },
          ],
        }),
      },
      on: {
        'campaign.saved': '.refreshing',
        // The imported calls are what the user wants to see next.
        'calls.imported': {
          target: '.refreshing',
          actions: { type: 'rememberSelectedId', params: ({ event }) => event },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the user; while calls are being placed the table refreshes itself.',
          after: { campaignsRefresh: { guard: 'isLive', target: 'refreshing' } },
          on: {
            'campaigns.reload': 'refreshing',
            'campaign.select': {
              target: 'refreshing',
              actions: { type: 'rememberSelectedIdOnCampaignSelect', params: ({ event }) => event },
            },
            'campaign.deselect': { actions: 'clearSelectedIdAndCalls' },
            'campaign.delete': {
              target: 'confirmingDelete',
              actions: { type: 'rememberTarget', params: ({ event }) => event },
            },
            'campaign.start': {
              target: 'confirmingStart',
              actions: { type: 'rememberTargetOnCampaignStart', params: ({ event }) => event },
            },
            'campaign.pause': {
              target: 'pausing',
              actions: { type: 'rememberTargetOnCampaignPause', params: ({ event }) => event },
            },
            'report.download': {
              target: 'downloading',
              actions: { type: 'rememberTargetOnReportDownload', params: ({ event }) => event },
            },
            'call.remove': {
              guard: 'callTableOpen',
              target: 'confirmingCallRemoval',
              actions: { type: 'rememberCallTarget', params: ({ event }) => event.call },
            },
            'call.edit': {
              guard: 'callTableOpen',
              target: 'editingCall',
              actions: { type: 'rememberCallTarget', params: ({ event }) => event.call },
            },
          },
        },
        confirmingCallRemoval: {
          description: 'Removing a call not dialled yet asks first, naming its destination.',
          on: {
            'callRemoval.confirm': 'removingCall',
            'callRemoval.cancel': { target: 'idle', actions: 'clearCallTarget' },
          },
        },
        removingCall: {
          description: 'The call is being removed; one dialled meanwhile is refused (409) and kept.',
          tags: ['busy'],
          invoke: {
            id: 'removeCall',
            src: 'removeCall',
            input: ({ context }) => ({
              campaignId: context.selectedId as number,
              callId: (context.callTarget as CampaignCall).id,
            }),
            onDone: {
              target: 'refreshing',
              actions: ['clearCallTarget', { type: 'notify', params: { title: CALL_REMOVED, color: 'green' } }],
            },
            onError: {
              target: 'refreshing',
              actions: [
                'clearCallTarget',
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: CALL_NOT_REMOVED }) },
              ],
            },
          },
        },
        editingCall: {
          description: "A form over the table: the call's destination and scheduled time; a refusal is shown in it.",
          on: {
            'callDraft.change': { actions: { type: 'changeCallDraft', params: ({ event }) => event } },
            'callDraft.save': 'savingCall',
            'callDraft.cancel': { target: 'idle', actions: 'clearCallTarget' },
          },
        },
        savingCall: {
          description: 'The changed call is being saved.',
          tags: ['busy'],
          invoke: {
            id: 'replaceCall',
            src: 'replaceCall',
            input: ({ context }) => ({
              campaignId: context.selectedId as number,
              callId: (context.callTarget as CampaignCall).id,
              destination: context.callDraft.destination,
              scheduledTime: context.callDraft.scheduledTime,
            }),
            onDone: {
              target: 'refreshing',
              actions: ['clearCallTarget', { type: 'notify', params: { title: CALL_CHANGED, color: 'green' } }],
            },
            onError: {
              target: 'editingCall',
              actions: { type: 'rememberCallError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          description: 'The campaigns (and the open call table) are fetched again; the table stays on screen.',
          tags: ['refreshing'],
          invoke: {
            id: 'refreshCampaigns',
            src: 'loadCampaigns',
            input: ({ context }) => ({ selectedId: context.selectedId }),
            onDone: { target: 'idle', actions: { type: 'store', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: 'rememberStale' },
          },
        },
        confirmingDelete: {
          description: 'Spec 2 §8 "delete campaign": a confirmation names the campaign and its calls.',
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        deleting: {
          description: 'The campaign and its calls are being deleted.',
          tags: ['busy'],
          invoke: {
            id: 'deleteCampaign',
            src: 'deleteCampaign',
            input: ({ context }) => ({ id: context.target as number }),
            onDone: {
              target: 'refreshing',
              actions: [
                'storeOnDeleteCampaign',
                { type: 'notify', params: { title: CAMPAIGN_DELETED, color: 'green' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'clearTarget',
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: CAMPAIGN_NOT_DELETED }) },
              ],
            },
          },
        },
        confirmingStart: {
          description:
            'Start asks first: the campaign will place real calls, which cost money (without a dialler: its calls will wait).',
          on: {
            'start.confirm': 'starting',
            'start.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        starting: {
          description: 'The campaign is being started; calls are placed inside its window from now on.',
          tags: ['busy'],
          invoke: {
            id: 'startCampaign',
            src: 'setCampaignState',
            input: ({ context }) => ({ id: context.target as number, state: 'running' as CampaignState }),
            onDone: { target: 'refreshing', actions: 'clearTarget' },
            onError: {
              target: 'idle',
              actions: { type: 'stateChangeFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        pausing: {
          description: 'The campaign is being paused: no new call is placed, calls in progress finish.',
          tags: ['busy'],
          invoke: {
            id: 'pauseCampaign',
            src: 'setCampaignState',
            input: ({ context }) => ({ id: context.target as number, state: 'paused' as CampaignState }),
            onDone: { target: 'refreshing', actions: 'clearTarget' },
            onError: {
              target: 'idle',
              actions: { type: 'stateChangeFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        downloading: {
          description: "The report CSV is being downloaded; a failure says 'Cannot download file!'.",
          tags: ['busy'],
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({ id: context.target as number }),
            onDone: { target: 'idle', actions: 'clearTarget' },
            onError: {
              target: 'idle',
              actions: [
                'clearTarget',
                {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: CANNOT_DOWNLOAD_REPORT }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
