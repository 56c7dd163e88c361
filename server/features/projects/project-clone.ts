import { sql } from 'kysely';
import { projectNameTaken } from '../../../src/api/contract/projects.ts';
import { ADMINISTRATOR_ROLE_ID } from '../../../src/api/contract/roles.ts';
import { conflict } from '../../domain-errors.ts';
import type { Db } from '../../db/database.ts';
import { logUserAction } from '../../history/users-log.ts';
import { copyProjectActions } from '../dialogue/actions.ts';
import { copyReactions } from '../dialogue/reactions.ts';
import { copyEntities } from '../intents/entities.ts';
import { copyIntents } from '../intents/intents.ts';
import { copySynonyms } from '../intents/synonyms.ts';
import { copyKnowledges } from '../knowledge/knowledges.ts';
import { copyQaTrainings } from '../knowledge/qa-trainings.ts';
import { copyProjectSettings, insertProject } from '../settings/settings.ts';
import { copyTests } from '../tests/tests.ts';
import { addProjectMembers } from '../users/users-store.ts';

/**
 * Clone a project's configuration (spec 1 §7 POST /projects/clone) into a new project the caller administers:
 * settings (without secrets, with a token of its own), intents with their templates, synonyms, entities, reaction
 * scopes, reactions, project actions, tests, knowledge entries and QA trainings. Conversations, history, deployments, files and models stay with
 * the source; the clone trains its own model. One transaction: a failure leaves no half project. Each table is
 * copied by its own feature's store (one writer per table).
 */
export async function cloneProject(db: Db, c: { sourceId: number; name: string; ownerId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const source = await trx
      .selectFrom('projects')
      .select(['name', 'language', 'company_id'])
      .where('id', '=', c.sourceId)
      .executeTakeFirstOrThrow();
    // Names are compared as people read them (case and surrounding spaces aside), within the source's company.
    const taken = await trx
      .selectFrom('projects')
      .select('id')
      .where(sql<string>`lower(trim(name))`, '=', c.name.trim().toLowerCase())
      .where('company_id', source.company_id === null ? 'is' : '=', source.company_id)
      .executeTakeFirst();
    if (taken) throw conflict(projectNameTaken(c.name.trim()));
    const id = await insertProject(trx, { name: c.name, language: source.language, company_id: source.company_id });
    await addProjectMembers(trx, [{ user_id: c.ownerId, project_id: id, role_id: ADMINISTRATOR_ROLE_ID }]);

    await copyProjectSettings(trx, c.sourceId, id, c.name);
    await copyIntents(trx, c.sourceId, id);
    await copySynonyms(trx, c.sourceId, id);
    await copyEntities(trx, c.sourceId, id);
    const reactionIds = await copyReactions(trx, c.sourceId, id);
    await copyProjectActions(trx, c.sourceId, id);
    // Test steps name reactions by id (or by name): ids follow the reactions to the clone.
    await copyTests(trx, c.sourceId, id, reactionIds);
    // Knowledge entries and the QA questions tied to them (issue 16); the clone reindexes to search them.
    const knowledgeIds = await copyKnowledges(trx, c.sourceId, id);
    await copyQaTrainings(trx, c.sourceId, id, knowledgeIds);

    await logUserAction(trx, {
      userId: c.ownerId,
      projectId: id,
      action: `Cloned project ${source.name} as ${c.name}`,
    });
    return id;
  });
}
