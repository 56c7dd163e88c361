// Model-based test of the outbound screen: xstate/graph walks the outboundScreen chart, each path drives the real
// OutboundView (with the real modal and import charts, whose own views have their own tests).
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CampaignBody, CampaignCall, CampaignItem, CampaignState } from '../../src/api/contract/outbound.ts';
import { callImportMachine } from '../../src/machines/callImport/machine.ts';
import { campaignMachine } from '../../src/machines/campaign/machine.ts';
import type { OutboundLoad } from '../../src/machines/outboundScreen/actors.ts';
import {
  CAMPAIGN_DELETED,
  CANNOT_DOWNLOAD_REPORT,
  outboundScreenMachine,
} from '../../src/machines/outboundScreen/machine.ts';
import { LOAD_FAILED, OutboundView, REFRESH_FAILED } from '../../src/screens/outbound/OutboundView.tsx';
import { NO_DIALLER_TEXT, NO_DIALLER_TITLE, WAITING_FOR_DIALLER } from '../../src/api/contract/outbound.ts';
import { sampleCampaign } from './campaignFixtures.ts';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const reminders: CampaignItem = { ...sampleCampaign, id: 7, name: 'Reminders', state: 'paused' };
const survey: CampaignItem = {
  ...sampleCampaign,
  id: 9,
  name: 'Survey',
  state: 'running',
  pending: 1,
  progress: { queued: 0, in_progress: 1, completed: 3, failed: 0 },
};
const answered: CampaignCall = {
  id: 31,
  destination: '+420601234567',
  scheduled_time: '2039-01-01T12:43:00.000Z',
  status: 'completed',
  attempts: 2,
  last_result: 'completed',
  last_code: '200',
  next_attempt_at: null,
  answered_at: '2039-01-01T12:44:00.000Z',
  ended_at: '2039-01-01T12:45:00.000Z',
  conversation_id: 'conv-31',
};
const busy: CampaignCall = {
  ...answered,
  id: 32,
  destination: 'sip:bob@example.com',
  status: 'queued',
  attempts: 1,
  last_result: 'busy',
  last_code: '486',
  next_attempt_at: '2039-01-01T14:45:00.000Z',
  answered_at: null,
  ended_at: null,
  conversation_id: null,
};
/** Not dialled yet: it may be changed or removed. */
const fresh: CampaignCall = {
  ...busy,
  id: 33,
  destination: '+420601000033',
  attempts: 0,
  last_result: null,
  last_code: null,
};
const load: OutboundLoad = {
  campaigns: [reminders, survey],
  calls: { campaignId: 7, list: [answered, busy, fresh] },
  dialler: { kind: 'fake', places_calls: true },
};
/** The same campaigns on a server without a dialler (CAMPAIGN_DIALLER=none, issue 33). */
const withoutDialler: OutboundLoad = { ...load, dialler: { kind: 'none', places_calls: false } };

const loadCampaigns = createDeferredActor<OutboundLoad, { selectedId: number | null }>({
  output: load,
  error: new Error('offline'),
});
const deleteCampaign = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('refused') });
const setCampaignState = createDeferredActor<unknown, { id: number; state: CampaignState }>({
  output: {},
  error: new Error('refused'),
});
const downloadReport = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('offline') });
const removeCall = createDeferredActor<unknown, { campaignId: number; callId: number }>({
  output: {},
  error: new Error('This call has already been dialled: it can no longer be removed or changed.'),
});
const replaceCall = createDeferredActor<
  unknown,
  { campaignId: number; callId: number; destination: string; scheduledTime: string }
>({ output: {}, error: new Error('The destination "123" must be an E.164 number (+420777123456) or a SIP URI.') });
const saveCampaign = createDeferredActor<{ id: number }, { id: number | null; body: CampaignBody }>({
  output: { id: 10 },
});
const uploadCalls = createDeferredActor<{ calls_imported: number }, { campaignId: number; file: File }>({
  output: { calls_imported: 4 },
});

const notices: string[] = [];
const failures: string[] = [];
const machine = outboundScreenMachine.provide({
  actors: {
    loadCampaigns: loadCampaigns.logic,
    deleteCampaign: deleteCampaign.logic,
    setCampaignState: setCampaignState.logic,
    downloadReport: downloadReport.logic,
    removeCall: removeCall.logic,
    replaceCall: replaceCall.logic,
  },
  actions: {
    notify: (_, params) => notices.push(params.title),
    notifyFailure: (_, params) => failures.push(params.title),
  },
});
const modalMachine = campaignMachine.provide({ actors: { saveCampaign: saveCampaign.logic } });
const importMachine = callImportMachine.provide({ actors: { uploadCalls: uploadCalls.logic } });

let children: {
  modal: ReturnType<typeof createActor<typeof modalMachine>>;
  importer: ReturnType<typeof createActor<typeof importMachine>>;
};

function renderScreen(m: typeof machine, grants = { canEdit: true, canDelete: true, canUpload: true }) {
  const modal = createActor(modalMachine).start();
  const importer = createActor(importMachine).start();
  children = { modal, importer };
  const actor = createActor(m, { input: { modal, importer } }).start();
  render(
    <MantineProvider env="test">
      <OutboundView actor={actor} modal={modal} importer={importer} projectId={1} {...grants} />
    </MantineProvider>,
  );
  return { actor };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const dialog = (name: string) => screen.getByRole('dialog', { name });
const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

const executors = {
  'campaigns.reload': ({ user, previous }) =>
    user.click(
      previous.matches('loadFailed')
        ? screen.getByRole('button', { name: 'Reload' })
        : screen.getByRole('button', { name: 'Reload campaigns' }),
    ),
  'campaign.select': ({ user }) => user.click(screen.getByRole('button', { name: 'Calls of Reminders' })),
  'campaign.deselect': async ({ user, previous }) => {
    // Without an open call table there is nothing to close (the chart takes it as a no-op).
    if (previous.context.selectedId === null) {
      expect(screen.queryByRole('button', { name: 'Close the calls' })).toBeNull();
      return;
    }
    await user.click(screen.getByRole('button', { name: 'Close the calls' }));
  },
  'campaign.delete': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete Reminders' })),
  'delete.confirm': ({ user }) => user.click(within(dialog('Delete campaign')).getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(within(dialog('Delete campaign')).getByRole('button', { name: 'Cancel' })),
  'campaign.start': ({ user }) => user.click(within(row('Reminders')).getByRole('button', { name: 'Start' })),
  'start.confirm': ({ user }) => user.click(within(dialog('Start campaign')).getByRole('button', { name: 'Start' })),
  'start.cancel': ({ user }) => user.click(within(dialog('Start campaign')).getByRole('button', { name: 'Cancel' })),
  'campaign.pause': ({ user }) => user.click(within(row('Survey')).getByRole('button', { name: 'Pause' })),
  'report.download': ({ user }) => user.click(screen.getByRole('button', { name: 'Report of Reminders' })),
  'call.remove': ({ user }) => user.click(screen.getByRole('button', { name: 'Remove the call to +420601000033' })),
  'callRemoval.confirm': ({ user }) =>
    user.click(within(dialog('Remove call')).getByRole('button', { name: 'Remove' })),
  'callRemoval.cancel': ({ user }) => user.click(within(dialog('Remove call')).getByRole('button', { name: 'Cancel' })),
  'call.edit': ({ user }) => user.click(screen.getByRole('button', { name: 'Change the call to +420601000033' })),
  'callDraft.change': async ({ user }) => {
    const input = within(dialog('Change call')).getByLabelText('Destination');
    await user.clear(input);
    await user.type(input, '123');
  },
  'callDraft.save': ({ user }) => user.click(within(dialog('Change call')).getByRole('button', { name: 'Save' })),
  'callDraft.cancel': ({ user }) => user.click(within(dialog('Change call')).getByRole('button', { name: 'Cancel' })),
  // The modal's and the import's own gestures are tested with their views; here their charts finish a save / import.
  'campaign.saved': async () => {
    const { modal } = children;
    modal.send({ type: 'campaign.open' });
    modal.send({ type: 'campaign.change', field: 'name', value: 'Autumn' });
    modal.send({ type: 'campaign.save' });
    await act(async () => saveCampaign.resolve());
    await settle();
  },
  'calls.imported': async () => {
    const { importer } = children;
    importer.send({ type: 'import.open', campaignId: 7, campaignName: 'Reminders' });
    importer.send({ type: 'import.choose', file: new File(['destination,scheduled_time\n'], 'calls.csv') });
    importer.send({ type: 'import.confirm' });
    await act(async () => uploadCalls.resolve());
    await settle();
  },
} satisfies ModelExecutors<typeof machine>;

const noConfirmation = () => {
  expect(screen.queryByRole('dialog', { name: 'Delete campaign' })).toBeNull();
  expect(screen.queryByRole('dialog', { name: 'Start campaign' })).toBeNull();
};

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(screen.getByLabelText('Loading campaigns')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaigns' })).toBeNull();
  },
  loadFailed: () => {
    expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaigns' })).toBeNull();
  },
  ready: (state) => {
    const reminderRow = row('Reminders');
    expect(reminderRow).toHaveTextContent('22:00–06:00 UTC');
    expect(reminderRow).toHaveTextContent('1 × 30 min');
    expect(reminderRow).toHaveTextContent('20 s');
    expect(reminderRow).toHaveTextContent('2 queued · 0 in progress · 1 completed · 1 failed');
    expect(reminderRow).toHaveTextContent('paused');
    expect(row('Survey')).toHaveTextContent('running');
    // The walk's server has a dialler: no banner.
    expect(screen.queryByText(NO_DIALLER_TITLE)).toBeNull();
    const { selectedId, calls, stale } = state.context;
    const panel = screen.queryByTestId('campaign-calls');
    if (selectedId === null) expect(panel).toBeNull();
    else if (calls?.campaignId === selectedId) {
      const table = within(panel as HTMLElement).getByRole('table', { name: 'Calls' });
      const answeredRow = within(table).getByRole('row', { name: /\+420601234567/ });
      expect(answeredRow).toHaveTextContent('completed');
      expect(within(answeredRow).getByRole('link', { name: 'Open' })).toHaveAttribute(
        'href',
        expect.stringContaining('conversation_id=conv-31'),
      );
      expect(within(table).getByRole('row', { name: /sip:bob/ })).toHaveTextContent('busy (486)');
    } else expect(within(panel as HTMLElement).getByLabelText('Loading calls')).toBeInTheDocument();
    if (stale) expect(screen.getByText(REFRESH_FAILED)).toBeInTheDocument();
    else expect(screen.queryByText(REFRESH_FAILED)).toBeNull();
  },
  'ready.idle': () => {
    noConfirmation();
    expect(screen.queryByLabelText('Refreshing campaigns')).toBeNull();
    expect(within(row('Reminders')).getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Reminders' })).toBeEnabled();
  },
  'ready.refreshing': () => {
    noConfirmation();
    expect(screen.getByLabelText('Refreshing campaigns')).toBeInTheDocument();
    expect(loadCampaigns.calls.length).toBeGreaterThan(1);
  },
  'ready.confirmingDelete': () => {
    expect(dialog('Delete campaign')).toHaveTextContent('Delete Reminders?');
    expect(deleteCampaign.pending).toBe(0);
  },
  'ready.deleting': () => {
    noConfirmation();
    expect(deleteCampaign.calls.at(-1)).toEqual({ id: 7 });
    expect(screen.getByRole('button', { name: 'Delete Reminders' })).toBeDisabled();
  },
  'ready.confirmingStart': () => {
    expect(dialog('Start campaign')).toHaveTextContent('Start Reminders?');
    expect(dialog('Start campaign')).toHaveTextContent('Calls cost money.');
    expect(setCampaignState.pending).toBe(0);
  },
  'ready.starting': () => {
    noConfirmation();
    expect(setCampaignState.calls.at(-1)).toEqual({ id: 7, state: 'running' });
  },
  'ready.pausing': () => {
    expect(setCampaignState.calls.at(-1)).toEqual({ id: 9, state: 'paused' });
  },
  'ready.confirmingCallRemoval': () => {
    expect(dialog('Remove call')).toHaveTextContent('Remove the call to +420601000033? It has not been dialled yet');
    expect(removeCall.pending).toBe(0);
  },
  'ready.removingCall': () => {
    expect(removeCall.calls.at(-1)).toEqual({ campaignId: 7, callId: 33 });
    expect(screen.queryByRole('dialog', { name: 'Remove call' })).toBeNull();
  },
  'ready.editingCall': (state) => {
    const form = dialog('Change call');
    expect(within(form).getByLabelText('Destination')).toHaveValue(state.context.callDraft.destination);
    expect(within(form).getByLabelText('Scheduled time')).toHaveValue('2039-01-01 12:43 UTC');
    const { callError } = state.context;
    if (callError) expect(within(form).getByRole('alert')).toHaveTextContent(callError);
    else expect(within(form).queryByRole('alert')).toBeNull();
  },
  'ready.savingCall': (state) => {
    expect(replaceCall.calls.at(-1)).toEqual({
      campaignId: 7,
      callId: 33,
      destination: state.context.callDraft.destination,
      scheduledTime: '2039-01-01 12:43 UTC',
    });
  },
  'ready.downloading': () => {
    expect(downloadReport.calls.at(-1)).toEqual({ id: 7 });
    expect(screen.getByRole('button', { name: 'Report of Reminders' })).toBeDisabled();
  },
};

describeModel({
  name: 'outboundScreen',
  machine,
  render: (m) => {
    notices.length = 0;
    failures.length = 0;
    saveCampaign.reset();
    uploadCalls.reset();
    return renderScreen(m);
  },
  executors,
  states,
  invokes: {
    loadCampaigns,
    refreshCampaigns: loadCampaigns,
    deleteCampaign,
    startCampaign: setCampaignState,
    pauseCampaign: setCampaignState,
    downloadReport,
    removeCall,
    replaceCall,
  },
  events: [
    { type: 'call.remove', call: fresh },
    { type: 'call.edit', call: fresh },
    { type: 'callDraft.change', field: 'destination', value: '123' },
    { type: 'campaign.select', id: 7 },
    { type: 'campaign.delete', id: 7 },
    { type: 'campaign.start', id: 7 },
    { type: 'campaign.pause', id: 9 },
    { type: 'report.download', id: 7 },
    { type: 'campaign.saved', id: 10, created: true },
    { type: 'calls.imported', campaignId: 7, count: 4 },
  ],
  input: { modal: createActor(modalMachine), importer: createActor(importMachine) },
  serializeContext: (c) => ({
    selected: c.selectedId,
    calls: c.calls?.campaignId ?? null,
    target: c.target,
    stale: c.stale,
    call: c.callTarget?.id ?? null,
    draft: c.callDraft.destination,
    error: c.callError !== null,
  }),
  paths: 'perTransition',
});

describe('outbound screen', () => {
  it('tells a deletion, a failed download and hides what the user may not do', async () => {
    const { actor } = renderScreen(machine, { canEdit: false, canDelete: false, canUpload: false });
    await act(async () => loadCampaigns.resolve());
    await settle();
    expect(screen.queryByRole('button', { name: 'Add campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import calls/ })).toBeNull();
    // Reading is allowed: the calls and the report.
    actor.send({ type: 'report.download', id: 7 });
    await act(async () => downloadReport.reject());
    await settle();
    expect(failures.at(-1)).toBe(CANNOT_DOWNLOAD_REPORT);
    actor.send({ type: 'campaign.delete', id: 7 });
    actor.send({ type: 'delete.confirm' });
    await act(async () => deleteCampaign.resolve());
    await settle();
    expect(notices.at(-1)).toBe(CAMPAIGN_DELETED);
    actor.stop();
  });

  it('without a dialler: the banner names CAMPAIGN_DIALLER, a started campaign waits, Start promises no calls', async () => {
    const { actor } = renderScreen(machine);
    await act(async () => loadCampaigns.resolve(withoutDialler));
    await settle();
    const banner = screen.getByTestId('no-dialler');
    expect(banner).toHaveTextContent(NO_DIALLER_TITLE);
    expect(banner).toHaveTextContent(NO_DIALLER_TEXT);
    expect(banner).toHaveTextContent(/CAMPAIGN_DIALLER.*sip, jambonz or twilio/);
    expect(within(row('Survey')).getByTestId('campaign-state')).toHaveTextContent(WAITING_FOR_DIALLER);
    expect(within(row('Reminders')).getByTestId('campaign-state')).toHaveTextContent('paused');
    actor.send({ type: 'campaign.start', id: 7 });
    await settle();
    const confirm = dialog('Start campaign');
    expect(confirm).toHaveTextContent('no call is placed');
    expect(confirm).toHaveTextContent('CAMPAIGN_DIALLER=none');
    expect(confirm).not.toHaveTextContent('places real calls');
    actor.send({ type: 'start.cancel' });
    actor.stop();
  });
});
