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
import { navigateTo } from '../../src/console/navigation.ts';
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { providedNavigationGuardMachine } from '../../src/machines/navigationGuard/provide.ts';
import { draftStatusOf } from '../../src/machines/navigationGuard/selectors.ts';
import { providedTemplateEditingMachine } from '../../src/machines/templateEditing/provide.ts';
import { hasTyped } from '../../src/machines/templateEditing/guards.ts';
import { NavigationGuard } from '../../src/screens/layout/NavigationGuard.tsx';
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

// The shell's navigation guard around the screen: leaving asks while a template draft is held.
const left: string[] = [];
const guardLogic = providedNavigationGuardMachine.provide({
  actions: { navigate: (_, params) => left.push(params.to), notifySaveImpossible: () => left.push('refused') },
});
const ELSEWHERE = '/app/tests';
const question = () => screen.queryByRole('dialog', { name: LEAVING_TEXTS.title });

const greeting = () => screen.getByTestId('intents-list');
const addInput = () => screen.getByLabelText('New template of greeting') as HTMLInputElement;
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
  'template.type': async ({ event }) => {
    fireEvent.change(addInput(), { target: { value: event.value } });
  },
  // The menu, a Ctrl+G letter or the browser's back: the guard asks, and Save sends the chart's save event. With no
  // plain draft (nothing typed, or a save already under way) the guard sends nothing to save.
  'templates.save': async ({ previous }) => {
    if (draftStatusOf(previous) !== 'dirty') return;
    navigateTo(ELSEWHERE);
    await flush();
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: LEAVING_TEXTS.save }));
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
  'newTemplates.empty': (state) => {
    expect(hasTyped(state.context.typed)).toBe(false);
    if (state.matches({ template: 'idle' }) || state.matches({ template: 'confirmingDelete' }))
      expect(draftStatusOf(state)).toBe('clean');
  },
  // Typed text in "Add a template": the input shows it, and the screen holds a draft (leaving asks).
  'newTemplates.typed': (state) => {
    expect(addInput()).toHaveValue(state.context.typed[1]);
    expect(draftStatusOf(state)).not.toBe('clean');
  },
  'template.idle': (state) => {
    expect(question()).not.toBeInTheDocument();
    expect(editInput()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Delete template?' })).not.toBeInTheDocument();
    // The list shows the outcome of the last step: added, edited or deleted templates, the original restored.
    const last = notices.titles.at(-1);
    if (last === INTENT_TOASTS.templateAdded) {
      const added = addTemplate.calls.at(-1)?.template ?? '';
      expect(within(greeting()).getByText(added)).toBeInTheDocument();
    }
    if (last === INTENT_TOASTS.templateEdited) expect(within(greeting()).getByText('hello there')).toBeInTheDocument();
    if (last === INTENT_TOASTS.templateDeleted) expect(within(greeting()).queryByText('hello')).not.toBeInTheDocument();
    if (last === undefined) expect(within(greeting()).getByText('hello')).toBeInTheDocument();
    // Refusals of spec 2 §5: same intent, another intent (named), empty input ignored.
    if (state.context.refusal === 'sameIntent') expect(last).toBe(TEMPLATE_EXISTS_IN_INTENT);
    if (state.context.refusal === 'otherIntent') expect(last).toBe(templateHeldBy('I want a pizza', 'order_pizza'));
    if (state.context.refusal === 'blank') expect(last).toBeUndefined();
  },
  'template.adding': (state) => {
    expect(addTemplate.pending).toBe(1);
    expect(addTemplate.calls.at(-1)?.template).toBe(state.context.draft);
    expect(draftStatusOf(state)).toBe('saving');
  },
  // Esc restores the old text and never asks; only leaving the screen asks about a changed edit.
  'template.editing.unchanged': () => expect(question()).not.toBeInTheDocument(),
  'template.editing.changed': (state) => {
    expect(question()).not.toBeInTheDocument();
    expect(draftStatusOf(state)).toBe('dirty');
  },
  'template.editing': (state) => {
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
  'template.saving': (state) => {
    expect(replaceTemplate.pending).toBe(1);
    expect(draftStatusOf(state)).toBe('saving');
    expect(editInput()).toBeDisabled();
  },
  'template.confirmingDelete': (state) =>
    expect(screen.getByRole('dialog', { name: 'Delete template?' })).toHaveTextContent(
      `The template “${state.context.original}” will be deleted.`,
    ),
  'template.deleting': () => expect(deleteTemplate.pending).toBe(1),
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
    left.length = 0;
    const logic = intentsLogic(structuredClone(listed));
    await renderWithSession(
      <NavigationGuard logic={guardLogic}>
        <IntentsScreen route={route('/app/intents', 'Intents')} logic={{ ...logic, templateEditing: m }} />
      </NavigationGuard>,
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
    { type: 'template.type', intentId: 1, value: 'good night' },
    { type: 'template.type', intentId: 1, value: '' },
    { type: 'templates.save' },
  ],
  // The model reads the list as the screen first loads it.
  input: { lookup: () => listed },
  serializeContext: (c) => ({
    draft: c.draft,
    refusal: c.refusal,
    typed: hasTyped(c.typed),
    savingTyped: c.savingTyped,
  }),
  limit: 20000,
  // One path per state and transition (the shortest), not every path the bounds allow.
  paths: 'perTransition',
});
