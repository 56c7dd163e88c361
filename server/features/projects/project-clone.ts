import { ADMINISTRATOR_ROLE_ID } from '../../../src/api/contract/roles.ts';
import type { Db } from '../../db/database.ts';
import { newChatbotToken } from '../settings/settings.ts';
import { logUserAction } from '../../history/users-log.ts';

/**
 * Clone a project's configuration (spec 1 §7 POST /projects/clone) into a new project the caller administers:
 * settings (without secrets, with a token of its own), intents with their templates, synonyms, entities, reaction
 * scopes, reactions, project actions, tests, knowledge entries and QA trainings. Conversations, history, deployments, files and models stay with
 * the source; the clone trains its own model. One transaction: a failure leaves no half project.
 */
export async function cloneProject(db: Db, c: { sourceId: number; name: string; ownerId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const source = await trx
      .selectFrom('projects')
      .select(['name', 'language', 'company_id'])
      .where('id', '=', c.sourceId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('projects')
      .values({ name: c.name, language: source.language, company_id: source.company_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_projects')
      .values({ user_id: c.ownerId, project_id: id, role_id: ADMINISTRATOR_ROLE_ID })
      .execute();

    const settings = await trx
      .selectFrom('project_settings')
      .select('data')
      .where('project_id', '=', c.sourceId)
      .executeTakeFirst();
    if (settings)
      await trx
        .insertInto('project_settings')
        .values({
          project_id: id,
          data: JSON.stringify({ ...settings.data, name: c.name }),
          secrets: JSON.stringify({}),
          chatbot_token: newChatbotToken(),
        })
        .execute();

    const intentIds = new Map<number, number>();
    for (const intent of await trx
      .selectFrom('intents')
      .select(['id', 'name'])
      .where('project_id', '=', c.sourceId)
      .execute()) {
      const row = await trx
        .insertInto('intents')
        .values({ project_id: id, name: intent.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      intentIds.set(intent.id, row.id);
    }
    const templates = await trx
      .selectFrom('intent_templates')
      .select(['intent_id', 'template'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (templates.length)
      await trx
        .insertInto('intent_templates')
        .values(
          templates.map((t) => ({ project_id: id, intent_id: intentIds.get(t.intent_id)!, template: t.template })),
        )
        .execute();

    const synonyms = await trx
      .selectFrom('synonyms')
      .select(['name', 'values'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (synonyms.length)
      await trx
        .insertInto('synonyms')
        .values(synonyms.map((s) => ({ project_id: id, name: s.name, values: JSON.stringify(s.values) })))
        .execute();

    const entities = await trx
      .selectFrom('entities')
      .select(['name', 'type', 'match', 'occurrence', 'case_insensitive', 'values', 'is_system'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (entities.length)
      await trx
        .insertInto('entities')
        .values(entities.map((e) => ({ ...e, project_id: id })))
        .execute();

    const scopeIds = new Map<number, number>();
    for (const scope of await trx
      .selectFrom('reaction_scopes')
      .select(['id', 'name'])
      .where('project_id', '=', c.sourceId)
      .execute()) {
      const row = await trx
        .insertInto('reaction_scopes')
        .values({ project_id: id, name: scope.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      scopeIds.set(scope.id, row.id);
    }
    const reactionIds = new Map<number, number>();
    const reactions = await trx
      .selectFrom('reactions')
      .selectAll()
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    for (const r of reactions) {
      const row = await trx
        .insertInto('reactions')
        .values({
          project_id: id,
          name: r.name,
          condition: r.condition,
          intents: JSON.stringify(r.intents),
          priority: r.priority,
          reactions_scopes_id: r.reactions_scopes_id === null ? null : (scopeIds.get(r.reactions_scopes_id) ?? null),
          actions: JSON.stringify(r.actions),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reactionIds.set(r.id, row.id);
    }

    const actions = await trx
      .selectFrom('project_actions')
      .select(['name', 'type', 'url', 'method', 'headers', 'timeout_ms'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (actions.length)
      await trx
        .insertInto('project_actions')
        .values(actions.map((a) => ({ ...a, project_id: id, headers: JSON.stringify(a.headers) })))
        .execute();

    // Test steps name reactions by id (or by name): ids follow the reactions to the clone.
    const tests = await trx
      .selectFrom('tests')
      .select(['name', 'steps'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (tests.length)
      await trx
        .insertInto('tests')
        .values(
          tests.map((t) => ({
            project_id: id,
            name: t.name,
            steps: JSON.stringify(
              t.steps.map((s) => ({
                ...s,
                reactions: s.reactions.map((r) => (typeof r === 'number' ? (reactionIds.get(r) ?? r) : r)),
              })),
            ),
          })),
        )
        .execute();

    // Knowledge entries and the QA questions tied to them (issue 16); the clone reindexes to search them.
    const knowledgeIds = new Map<number, number>();
    const entries = await trx
      .selectFrom('knowledges')
      .select(['id', 'link', 'title', 'knowledge', 'source', 'file'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    for (const { id: from, ...entry } of entries) {
      const row = await trx
        .insertInto('knowledges')
        .values({ ...entry, project_id: id })
        .returning('id')
        .executeTakeFirstOrThrow();
      knowledgeIds.set(from, row.id);
    }
    const questions = await trx
      .selectFrom('qa_trainings')
      .select(['question', 'knowledge_id'])
      .where('project_id', '=', c.sourceId)
      .orderBy('id')
      .execute();
    if (questions.length)
      await trx
        .insertInto('qa_trainings')
        .values(
          questions.map((q) => ({
            project_id: id,
            question: q.question,
            knowledge_id: q.knowledge_id === null ? null : (knowledgeIds.get(q.knowledge_id) ?? null),
          })),
        )
        .execute();

    await logUserAction(trx, {
      userId: c.ownerId,
      projectId: id,
      action: `Cloned project ${source.name} as ${c.name}`,
    });
    return id;
  });
}
