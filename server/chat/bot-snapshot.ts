import type { ProjectAction } from '../../src/api/contract/actions.ts';
import type { ReactionScope } from '../../src/api/contract/reaction-scopes.ts';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import type { ConversationEnv } from '../../src/api/contract/conversations.ts';
import type { KnowledgeIndex } from '../knowledge/types.ts';
import type { Classification, ClassifyOptions, EntityDefinition } from '../nlu/index.ts';

/** What the runtime needs of a language model: the NLU engine's NluModel fits. */
export interface Classifier {
  classify(text: string, options?: ClassifyOptions): Classification;
  /** The threshold the model carries (used when the settings set none). */
  readonly defaultThreshold?: number;
}

/**
 * Everything a bot is made of, frozen for one turn: the console's chat builds it from the working draft,
 * a deployment from its frozen configuration and model. The runtime reads nothing else of the project.
 */
export interface BotSnapshot {
  projectId: number;
  env: ConversationEnv;
  /** The deployment this snapshot comes from (null: the working draft). */
  deploymentId: number | null;
  language: string;
  reactions: Reaction[];
  scopes: ReactionScope[];
  actions: ProjectAction[];
  /** confidenceThreshold null: the model's own threshold. */
  settings: { confidenceThreshold: number | null; multiIntent: boolean };
  /** null when the project has no trained model yet: every message then falls back. */
  model: Classifier | null;
  /** Entity definitions, for the select box of entity values. */
  entities: EntityDefinition[];
  /** The knowledge base (issue 16): absent or null index — none built (or none when deployed). */
  knowledge?: BotKnowledge;
}

/** What the runtime needs of the knowledge base. */
export interface BotKnowledge {
  index: KnowledgeIndex | null;
  /** A best hit below this confidence is "no answer". */
  threshold: number;
  /** Search the knowledge base when no intent clears the confidence threshold, before the fallback reaction. */
  fallback: boolean;
}

/** Where snapshots come from; deployments plug in a source that reads their frozen copy. */
export type SnapshotSource = (projectId: number, env: ConversationEnv) => Promise<BotSnapshot>;
