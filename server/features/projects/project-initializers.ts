import type { Db } from '../../db/database.ts';
import { initializeDemoDialogue } from '../dialogue/demo-dialogue.ts';
import { DEMO_CONFIDENCE_THRESHOLD, initializeDemoLanguageModel } from '../training/demo-language-model.ts';
import { initializeDemoTest } from '../tests/demo-test.ts';
import { initializeDemoKnowledge } from '../knowledge/demo-knowledge.ts';
import { initializeProjectSettings } from '../settings/settings.ts';

/**
 * What a new project starts with, in order (settings, demo intents, reactions, ...). Each owning service
 * exports one initializer; this list is the one place that wires them. The seeded demo project runs them too.
 */
export type ProjectInitializer = (trx: Db, projectId: number, options: { demo: boolean }) => Promise<void>;

export const projectInitializers: ProjectInitializer[] = [
  (trx, projectId, { demo }) =>
    initializeProjectSettings(trx, projectId, demo ? { confidence_threshold: DEMO_CONFIDENCE_THRESHOLD } : {}),
  initializeDemoLanguageModel,
  initializeDemoDialogue,
  initializeDemoTest,
  initializeDemoKnowledge,
];
