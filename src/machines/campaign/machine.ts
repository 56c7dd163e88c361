import type { ErrorActorEvent } from 'xstate';
import { dialogDraftStates } from '../navigationGuard/leaving.ts';
import { assign, emit, setup } from 'xstate';
import { campaignActors } from './actors.ts';
import { bodyOfDraft, type CampaignDraft, draftOfCampaign, isValidDraft, newCampaignDraft } from './draft.ts';
import type { CampaignEmitted, CampaignEvent } from './events.ts';

/** Success toasts of spec 2 §8, verbatim. */
export const CAMPAIGN_CREATED = 'Campaign created';
export const CAMPAIGN_UPDATED = 'Campaign updated';

export interface CampaignContext {
  /** The campaign being edited; null for a new one (spec 2 §4: the modal creates, or updates if it holds an id). */
  id: number | null;
  draft: CampaignDraft;
  /** Save was pressed: every field's problem shows, not only those of fields already changed. */
  attempted: boolean;
  touched: string[];
  /** The server's reason for refusing the last save (e.g. a callback URL on a private address). */
  serverError: string | null;
}

type Notice = { title: string; message?: string; color: 'red' | 'green' };

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message && !/^Call \w+ failed/.test(error.message)
    ? error.message
    : 'The campaign was not saved.';

/** The add/edit campaign modal (spec 2 §2, §4, §5): the spec's defaults, validation, create or update. */
export const campaignMachine = setup({
  types: {
    context: {} as CampaignContext,
    events: {} as CampaignEvent,
    emitted: {} as CampaignEmitted,
  },
  actors: campaignActors,
  actions: {
    notify: (_, _params: Notice) => {},
    rememberIdAndDraft: assign((_, event: Extract<CampaignEvent, { type: 'campaign.open' }>) => ({
      id: event.campaign?.id ?? null,
      draft: event.campaign ? draftOfCampaign(event.campaign) : newCampaignDraft(),
      attempted: false,
      touched: [],
      serverError: null,
    })),
    rememberDraftAndTouched: assign(({ context }, event: Extract<CampaignEvent, { type: 'campaign.change' }>) => ({
      draft: { ...context.draft, [event.field]: event.value },
      touched: context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
      serverError: null,
    })),
    resetAttempted: assign({ attempted: true }),
    rememberServerError: assign({ serverError: (_, event: ErrorActorEvent) => errorMessage(event.error) }),
  },
  guards: {
    isValid: ({ context }) => isValidDraft(context.draft),
    // A field was typed into since the modal opened.
    isDraftChanged: ({ context }) => context.touched.length > 0,
  },
}).createMachine({
  id: 'campaign',
  description: 'The add/edit campaign modal: opens with the defaults or a campaign, validates, creates or updates.',
  context: { id: null, draft: newCampaignDraft(), attempted: false, touched: [], serverError: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal.',
      on: {
        'campaign.open': {
          target: 'editing',
          actions: { type: 'rememberIdAndDraft', params: ({ event }) => event },
        },
      },
    },
    editing: {
      description: "The modal's form; a field's problem shows once it is changed (every field's after Save).",
      ...dialogDraftStates({
        cancel: 'campaign.cancel',
        close: '#campaign.closed',
        save: [
          { guard: 'isValid', target: '#campaign.saving' },
          { target: 'changed', actions: 'resetAttempted' },
        ] as const,
        editing: {
          'campaign.change': {
            target: 'comparing',
            actions: {
              type: 'rememberDraftAndTouched',
              params: ({ event }: { event: Extract<CampaignEvent, { type: 'campaign.change' }> }) => event,
            },
          },
          'campaign.save': [{ guard: 'isValid', target: '#campaign.saving' }, { actions: 'resetAttempted' }],
        } as const,
      }),
    },
    saving: {
      description: 'The campaign is being created or updated.',
      tags: ['busy', 'saving', 'unsaved'],
      invoke: {
        id: 'saveCampaign',
        src: 'saveCampaign',
        input: ({ context }) => ({ id: context.id, body: bodyOfDraft(context.draft) }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                title: context.id === null ? CAMPAIGN_CREATED : CAMPAIGN_UPDATED,
                color: 'green',
              }),
            },
            emit(({ context, event }) => ({
              type: 'campaign.saved' as const,
              id: event.output.id,
              created: context.id === null,
            })),
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'rememberServerError', params: ({ event }) => event },
        },
      },
    },
  },
});
