import type { IntentsPatch } from '../intentsList/events.ts';

export type TemplateEditingEvent =
  | { type: 'template.add'; intentId: number; template: string }
  /** The edit toggle: opens the inline input with the template's text. */
  | { type: 'template.edit'; intentId: number; template: string }
  | { type: 'template.change'; value: string }
  /** Typing in an intent's "Add a template" input. */
  | { type: 'template.type'; intentId: number; value: string }
  /** Save, answered to the navigation guard's question: the edit and every typed new template. */
  | { type: 'templates.save' }
  /** Enter. */
  | { type: 'template.save' }
  /** Esc: the old text is restored. */
  | { type: 'template.cancel' }
  | { type: 'template.delete'; intentId: number; template: string }
  | { type: 'template.deleteConfirm' }
  | { type: 'template.deleteCancel' };

/** What changed on the server, for the intents list. */
export type TemplateEditingEmitted = { type: 'intents.patch'; patch: IntentsPatch };
