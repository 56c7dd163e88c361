// Model-based test of the add/edit campaign modal: xstate/graph walks the campaign chart, each path drives the real CampaignModal.
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  CAMPAIGN_NAME_EMPTY,
  CAMPAIGN_MAX_CONCURRENT,
  CAMPAIGN_TIME_FORMAT,
  type CampaignBody,
  type OutboundDialler,
} from '../../src/api/contract/outbound.ts';
import { isValidDraft } from '../../src/machines/campaign/draft.ts';
import { CAMPAIGN_CREATED, CAMPAIGN_UPDATED, campaignMachine } from '../../src/machines/campaign/machine.ts';
import {
  ANSWERING_MACHINE_HELP,
  ANSWERING_MACHINE_OVER_SIP,
  CampaignModal,
} from '../../src/screens/outbound/CampaignModal.tsx';
import { sampleCampaign } from './campaignFixtures.ts';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const PRIVATE_ADDRESS = 'The callback URL points to a private address.';

const saveCampaign = createDeferredActor<{ id: number }, { id: number | null; body: CampaignBody }>({
  output: { id: 8 },
  error: new Error(PRIVATE_ADDRESS),
});
const notices: string[] = [];
const emitted: Array<{ id: number; created: boolean }> = [];
const machine = campaignMachine.provide({
  actors: { saveCampaign: saveCampaign.logic },
  actions: { notify: (_, params) => notices.push(params.title) },
});

// The campaign's modal; the "unsaved changes" question opens over it.
const dialog = () => screen.getByRole('dialog', { name: /campaign/i });
const question = () => within(screen.getByRole('dialog', { name: LEAVING_TEXTS.title }));
const noQuestion = () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull();
const field = (label: RegExp) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const LABELS = {
  name: /^Name/,
  call_time_from: /^Call from/,
  call_time_to: /^Call to/,
  retry_interval: /^Retry interval/,
  retry_count: /^Retry count/,
  timeout: /^Timeout/,
  max_concurrent: /^Calls at once/,
  callback_url: /^Callback URL/,
} as const;

function renderModal(m: typeof machine, dialler: OutboundDialler | null = null) {
  const actor = createActor(m).start();
  actor.on('campaign.saved', (event) => emitted.push({ id: event.id, created: event.created }));
  render(
    <MantineProvider env="test">
      <Button onClick={() => actor.send({ type: 'campaign.open' })}>Add campaign</Button>
      <Button onClick={() => actor.send({ type: 'campaign.open', campaign: sampleCampaign })}>Edit Reminders</Button>
      <CampaignModal actor={actor} dialler={dialler} />
    </MantineProvider>,
  );
  return { actor };
}

const executors = {
  'campaign.open': ({ user, event }) =>
    user.click(screen.getByRole('button', { name: event.campaign ? 'Edit Reminders' : 'Add campaign' })),
  'campaign.change': ({ event }) => {
    const input = field(LABELS[event.field as keyof typeof LABELS]);
    // Typing always changes the text: a field already holding the value (an empty name) goes elsewhere and back.
    if (input.value === String(event.value)) fireEvent.change(input, { target: { value: `${event.value}?` } });
    fireEvent.change(input, { target: { value: String(event.value) } });
  },
  'campaign.save': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Save' })),
  'campaign.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'leave.save': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.save })),
  'leave.discard': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.discard })),
  'leave.stay': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.stay })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  closed: (state) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    // Closed after a save: the toast says which, and the screen heard of it.
    if (saveCampaign.calls.length && notices.length) {
      const created = saveCampaign.calls.at(-1)?.id === null;
      expect(notices.at(-1)).toBe(created ? CAMPAIGN_CREATED : CAMPAIGN_UPDATED);
      expect(emitted.at(-1)).toEqual({ id: 8, created });
    }
    expect(state.context.serverError === null || state.context.serverError === PRIVATE_ADDRESS).toBe(true);
  },
  editing: (state) => {
    const { draft, id, attempted, touched, serverError } = state.context;
    expect(dialog()).toHaveTextContent(id === null ? 'New campaign' : 'Edit campaign');
    expect(field(LABELS.name).value).toBe(draft.name);
    expect(field(LABELS.call_time_from).value).toBe(draft.call_time_from);
    expect(field(LABELS.call_time_to).value).toBe(draft.call_time_to);
    expect(field(LABELS.retry_interval).value).toBe(String(draft.retry_interval));
    expect(field(LABELS.retry_count).value).toBe(String(draft.retry_count));
    expect(field(LABELS.timeout).value).toBe(String(draft.timeout));
    expect(field(LABELS.max_concurrent).value).toBe(String(draft.max_concurrent));
    expect(field(LABELS.callback_url).value).toBe(draft.callback_url);
    if (id === null && touched.length === 0) {
      // Spec 2 §5 defaults.
      expect([
        draft.call_time_from,
        draft.call_time_to,
        draft.retry_interval,
        draft.retry_count,
        draft.timeout,
        draft.max_concurrent,
      ]).toEqual(['09:00', '17:00', 120, 3, 30, 10]);
      expect(draft.callback_url).toBe('');
      expect(within(dialog()).getByRole('radio', { name: 'Testing (dev)' })).toBeChecked();
    }
    if (id !== null) expect(within(dialog()).getByRole('radio', { name: 'Production (prod)' })).toBeChecked();
    const nameShown = attempted || touched.includes('name');
    if (draft.name.trim() === '' && nameShown) expect(dialog()).toHaveTextContent(CAMPAIGN_NAME_EMPTY);
    else expect(dialog()).not.toHaveTextContent(CAMPAIGN_NAME_EMPTY);
    if (draft.call_time_from === '9am') expect(dialog()).toHaveTextContent(CAMPAIGN_TIME_FORMAT);
    if (serverError) expect(within(dialog()).getByRole('alert')).toHaveTextContent(PRIVATE_ADDRESS);
    else expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
  'editing.comparing': () => {
    throw new Error('transient state reached');
  },
  'editing.unchanged': noQuestion,
  'editing.changed': noQuestion,
  // Cancel after typing asks instead of closing; the typed fields stay behind the question.
  'editing.leaving': (state) => {
    expect(question().getByText(LEAVING_TEXTS.message)).toBeInTheDocument();
    expect(field(LABELS.name).value).toBe(state.context.draft.name);
  },
  saving: (state) => {
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true');
    const sent = saveCampaign.calls.at(-1);
    expect(sent?.id).toBe(state.context.id);
    expect(sent?.body.name).toBe(state.context.draft.name.trim());
    expect(isValidDraft(state.context.draft)).toBe(true);
  },
};

describeModel({
  name: 'campaign',
  machine,
  render: (m) => {
    notices.length = 0;
    emitted.length = 0;
    return renderModal(m);
  },
  executors,
  states,
  invokes: { saveCampaign },
  events: [
    { type: 'campaign.open' },
    { type: 'campaign.open', campaign: sampleCampaign },
    { type: 'campaign.change', field: 'name', value: 'Spring reminders' },
    { type: 'campaign.change', field: 'name', value: '' },
    { type: 'campaign.change', field: 'call_time_from', value: '9am' },
  ],
  serializeContext: (c) => ({
    id: c.id,
    name: c.draft.name,
    from: c.draft.call_time_from,
    attempted: c.attempted,
    error: c.serverError !== null,
  }),
  paths: 'perTransition',
});

describe('campaign modal validation', () => {
  it('refuses negative retries, a bad window and no calls at once before anything is sent', async () => {
    saveCampaign.reset();
    renderModal(machine);
    fireEvent.click(screen.getByRole('button', { name: 'Add campaign' }));
    fireEvent.change(field(LABELS.name), { target: { value: 'Autumn' } });
    fireEvent.change(field(LABELS.retry_count), { target: { value: '-1' } });
    fireEvent.change(field(LABELS.call_time_to), { target: { value: '25:00' } });
    fireEvent.change(field(LABELS.max_concurrent), { target: { value: '0' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText(/Retry count must be/)).toBeInTheDocument();
    expect(within(dialog()).getByText(CAMPAIGN_TIME_FORMAT)).toBeInTheDocument();
    expect(within(dialog()).getByText(CAMPAIGN_MAX_CONCURRENT)).toBeInTheDocument();
    expect(saveCampaign.calls).toEqual([]);
  });
});

describe('campaign modal: answering machines (issue 38)', () => {
  it('a new campaign hangs up on machines; "Leave a message" is what is saved; the gateways detect', async () => {
    saveCampaign.reset();
    renderModal(machine, { kind: 'twilio', places_calls: true });
    fireEvent.click(screen.getByRole('button', { name: 'Add campaign' }));
    expect(within(dialog()).getByRole('radio', { name: 'Hang up' })).toBeChecked();
    expect(within(dialog()).getByTestId('answering-machine-help')).toHaveTextContent(ANSWERING_MACHINE_HELP);
    fireEvent.change(field(LABELS.name), { target: { value: 'Voicemail reminders' } });
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Leave a message' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveCampaign.calls).toHaveLength(1));
    expect(saveCampaign.calls[0]!.body).toMatchObject({ name: 'Voicemail reminders', answering_machine: 'message' });
  });

  it('over SIP the form says no answering machine is detected', () => {
    renderModal(machine, { kind: 'sip', places_calls: true });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Reminders' }));
    expect(within(dialog()).getByTestId('answering-machine-help')).toHaveTextContent(ANSWERING_MACHINE_OVER_SIP);
  });
});
