import { fromPromise } from 'xstate';
import type { ActionCatalogue } from '../../api/contract/actions.ts';
import type { ReactionScope, ReactionScopeInput } from '../../api/contract/reaction-scopes.ts';
import type { Reaction, ReactionInput } from '../../api/contract/reactions.ts';

/** Everything the editor offers besides the reactions: names to pick from and the action catalogue. */
export interface FlowReferences {
  intents: string[];
  entities: string[];
  projectActions: string[];
  projects: { id: number; name: string }[];
  catalogue: ActionCatalogue;
}

export interface FlowData extends FlowReferences {
  reactions: Reaction[];
  scopes: ReactionScope[];
}

export interface ScopeSaveInput {
  scopes: ReactionScopeInput[];
  /** Renames made by this save (old name -> new name), applied by the server to change_scope steps too. */
  renames: { from: string; to: string }[];
  /** The reactions as last loaded or saved, with the renames applied: what the server must now hold. */
  expectedReactions: Reaction[];
}

export interface ScopeSaveOutput {
  scopes: ReactionScope[];
}

const notProvided = (name: string) => () => Promise.reject(new Error(`flowEditor actor ${name} not provided`));

/** Typed placeholders; src/machines/flowEditor/provided.ts gives the real ones, tests give fakes. */
export const flowEditorActors = {
  loadFlow: fromPromise<FlowData>(notProvided('loadFlow')),
  saveReactions: fromPromise<Reaction[], { reactions: ReactionInput[] }>(notProvided('saveReactions')),
  saveScopes: fromPromise<ScopeSaveOutput, ScopeSaveInput>(notProvided('saveScopes')),
};
