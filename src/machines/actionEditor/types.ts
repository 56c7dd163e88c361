import type { ActionTestResult } from '../../api/contract/action-test-call.ts';
import type { ActionCatalogue, ProjectAction } from '../../api/contract/actions.ts';
import type { ActionDraft } from './draft.ts';

export interface ActionEditorContext {
  actions: ProjectAction[];
  catalogue: ActionCatalogue;
  /** The form (new or stored action) while editing, testing or saving. */
  draft: ActionDraft | null;
  /** The action a delete asks about. */
  deleteId: number | null;
  /** The last test call's answer, for the form. */
  testResult: ActionTestResult | null;
  /** The server's refusal of the last save (e.g. the action is still used by a reaction). */
  saveError: string | null;
}
