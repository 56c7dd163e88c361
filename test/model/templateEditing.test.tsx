// Model-based test of template add / inline edit / delete (spec 2 §4 "Template edit", §5 "Intent template")
// against the real intents screen.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  DUPLICIT_INTENT_TEMPLATE,
  INTENT_TOASTS,
  TEMPLATE_EXISTS_IN_INTENT,
  templateHeldBy,
} from '../../src/api/contract/intents.ts';
import { providedTemplateEditingMachine } from '../../src/machines/templateEditing/provide.ts';
import type { TemplateTarget } from '../../src/machines/templateEditing/actors.ts';
import IntentsScreen from '../../src/screens/intents/IntentsScreen.tsx';
import { flush, intentsLogic, noticeLog, renderWithSession, route } from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const addTemplate = createDeferredActor<unknown, TemplateTarget>({ output: { status: 'ok' } });
const replaceTemplate = createDeferredActor<unknown, TemplateTarget & { replaces: string }>({
  output: { status: 'ok' },
});
const deleteTemplate = createDeferredActor<unknown, TemplateTarget>({ output: { status: 'ok' } });
const notices = noticeLog();
const machine = providedTemplateEditingMachine.provide({
  actors: {
    addTemplate: addTemplate.logic,
    replaceTemplate: replaceTemplate.logic,
    deleteTemplate: deleteTemplate.logic,
  },
  actions: { notify: notices.notify, notifyFailure: () => notices.titles.push('failure') },
});

const greeting = () => screen.getByTestId('intents-list');
const editInput = () => screen.queryByLabelText('Edit template') as HTMLInputElement | null;

const executors = {
  'template.add': async ({ event }) => {
    const input = screen.getByLabelText('New template of greeting');
    fireEvent.change(input, { target: { value: event.template } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
  },
  'template.edit': async ({ event }) => {
    // The open template shows its input instead of the edit toggle; re-opening it leaves everything as is.
    const toggle = screen.queryByLabelText(`Edit template ${event.template}`);
    if (toggle) fireEvent.click(toggle);
    await flush();
  },
  'template.change': async ({ event }) => {
    fireEvent.change(editInput() as HTMLInputElement, { target: { value: event.value } });
  },
  'template.save': async () => {
    fireEvent.keyDown(editInput() as HTMLInputElement, { key: 'Enter' });
    await flush();
  },
  'template.cancel': async () => {
    fireEvent.keyDown(editInput() as HTMLInputElement, { key: 'Escape' });
    await flush();
  },
  'template.delete': async ({ event }) => {
    fireEvent.click(screen.getByLabelText(`Delete template ${event.template}`));
    await flush();
  },
  'template.deleteConfirm': async () => {
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete template?' })).getByRole('button', { name: 'Delete' }),
    );
    await flush();
  },
  'template.deleteCancel': async () => {
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete template?' })).getByRole('button', { name: 'Cancel' }),
    );
    await flush();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  idle: (state) => {
    expect(editInput()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Delete template?' })).not.toBeInTheDocument();
    // The list shows the outcome of the last step: added, edited or deleted templates, the original restored.
    const last = notices.titles.at(-1);
    if (last === INTENT_TOASTS.templateAdded) expect(within(greeting()).getByText('good evening')).toBeInTheDocument();
    if (last === INTENT_TOASTS.templateEdited) expect(within(greeting()).getByText('hello there')).toBeInTheDocument();
    if (last === INTENT_TOASTS.templateDeleted) expect(within(greeting()).queryByText('hello')).not.toBeInTheDocument();
    if (last === undefined) expect(within(greeting()).getByText('hello')).toBeInTheDocument();
    // Refusals of spec 2 §5: same intent, another intent (named), empty input ignored.
    if (state.context.refusal === 'sameIntent') expect(last).toBe(TEMPLATE_EXISTS_IN_INTENT);
    if (state.context.refusal === 'otherIntent') expect(last).toBe(templateHeldBy('I want a pizza', 'order_pizza'));
    if (state.context.refusal === 'blank') expect(last).toBeUndefined();
  },
  adding: () => expect(addTemplate.pending).toBe(1),
  editing: (state) => {
    expect(editInput()).toHaveValue(state.context.draft);
    for (const message of notices.titles) {
      expect([
        DUPLICIT_INTENT_TEMPLATE,
        'failure',
        INTENT_TOASTS.templateAdded,
        TEMPLATE_EXISTS_IN_INTENT,
        templateHeldBy('I want a pizza', 'order_pizza'),
      ]).toContain(message);
    }
  },
  saving: () => {
    expect(replaceTemplate.pending).toBe(1);
    expect(editInput()).toBeDisabled();
  },
  confirmingDelete: (state) =>
    expect(screen.getByRole('dialog', { name: 'Delete template?' })).toHaveTextContent(
      `The template “${state.context.original}” will be deleted.`,
    ),
  deleting: () => expect(deleteTemplate.pending).toBe(1),
};

const listed = [
  { id: 1, name: 'greeting', templates: ['hello', 'good morning'] },
  { id: 2, name: 'order_pizza', templates: ['I want a pizza'] },
];

describeModel({
  name: 'templateEditing',
  machine,
  render: async (m) => {
    notices.clear();
    const logic = intentsLogic(structuredClone(listed));
    await renderWithSession(
      <IntentsScreen route={route('/app/intents', 'Intents')} logic={{ ...logic, templateEditing: m }} />,
    );
    fireEvent.click(screen.getByLabelText('Expand greeting'));
    await flush();
    return undefined;
  },
  executors,
  states,
  invokes: { addTemplate, replaceTemplate, deleteTemplate },
  events: [
    { type: 'template.add', intentId: 1, template: 'good evening' },
    { type: 'template.add', intentId: 1, template: 'HELLO' },
    { type: 'template.add', intentId: 1, template: 'i want a PIZZA' },
    { type: 'template.add', intentId: 1, template: '   ' },
    { type: 'template.edit', intentId: 1, template: 'hello' },
    { type: 'template.edit', intentId: 1, template: 'good morning' },
    { type: 'template.change', value: 'hello there' },
    { type: 'template.change', value: 'good morning' },
    { type: 'template.change', value: '' },
    { type: 'template.delete', intentId: 1, template: 'hello' },
  ],
  // The model reads the list as the screen first loads it.
  input: { lookup: () => listed },
  serializeContext: (c) => ({ draft: c.draft, refusal: c.refusal }),
  limit: 2000,
  // One path per state and transition (the shortest), not every path the bounds allow.
  paths: 'perTransition',
});
