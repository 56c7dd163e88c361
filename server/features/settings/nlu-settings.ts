import type { Db } from '../../db/database.ts';
import { DomainError, notFound } from '../../domain-errors.ts';
import { readSettings } from './settings.ts';

/** What classification needs from a project's settings (spec 2 §3: confidence_threshold, multi_intent, language). */
export interface NluSettings {
  language: string;
  /** Set by hand in the settings, or null: the model's own (chosen from the project's cross-validation). */
  threshold: number | null;
  multiIntent: boolean;
}

/** The project's NLU settings; a project without a settings row yet falls back to its language and the model's threshold. */
export async function readNluSettings(db: Db, projectId: number): Promise<NluSettings> {
  try {
    const s = await readSettings(db, projectId);
    return {
      language: s.language,
      threshold: s.confidence_threshold ?? null,
      multiIntent: s.multi_intent ?? false,
    };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') throw error;
    const project = await db.selectFrom('projects').select('language').where('id', '=', projectId).executeTakeFirst();
    if (!project) throw notFound('Project not found.');
    return { language: project.language, threshold: null, multiIntent: false };
  }
}
