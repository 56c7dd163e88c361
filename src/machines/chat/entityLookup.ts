import { CHAT_TEXTS, type TrackerEntry } from '../../api/contract/chat.ts';
import { entityValueList } from '../../api/contract/entities.ts';
import { failureStatus } from '../../api/contract/notice.ts';

/**
 * A select box of another project's entity (select_box with `project`): the server leaves its values null,
 * because who may read that project's entities depends on who looks; the window looks them up (spec 1 §6).
 */
export type EntityLookup = { values: string[] } | { error: string };

/** What the chat asks of the lookups actor: look one select box up, or forget those of a finished conversation. */
export type EntityLookupCommand =
  | { type: 'entities.lookup'; key: number; projectId: number; entity: string }
  | { type: 'entities.forget' };
/** What the lookups actor answers, per select box (keyed by its tracker timestamp). */
export type EntityLookupEvent = { type: 'entity.looked'; key: number; lookup: EntityLookup };

export const ENTITY_FORBIDDEN: EntityLookup = { error: CHAT_TEXTS.entityForbidden };
export const ENTITY_NOT_FOUND: EntityLookup = { error: CHAT_TEXTS.entityNotFound };

/** The select boxes among `entries` whose values are another project's to give. */
export function lookupsAsked(
  entries: readonly TrackerEntry[],
): Extract<EntityLookupCommand, { type: 'entities.lookup' }>[] {
  return entries
    .filter(
      (e) =>
        e.type === 'action' &&
        e.value === 'select_box' &&
        e.args.values === null &&
        typeof e.args.project_id === 'number' &&
        !e.args.error,
    )
    .map((e) => ({
      type: 'entities.lookup' as const,
      key: e.timestamp,
      projectId: e.args.project_id as number,
      entity: String(e.args.entity ?? ''),
    }));
}

/** The project answered its entities: the values of the one named, or 'Entity not found'. */
export function lookupInEntities(
  entities: { name: string; type: string; values: string }[],
  name: string,
): EntityLookup {
  const entity = entities.find((e) => e.name === name);
  return entity ? { values: entityValueList(entity) } : ENTITY_NOT_FOUND;
}

/**
 * The project did not answer: 402/403 (or a call the client did not send for want of the grant) is
 * 'N/A Insufficient permisssions'; anything else (404, no such project for this user, no answer) 'Entity not found'.
 */
export function lookupOfFailure(error: unknown): EntityLookup {
  const status = failureStatus(error);
  const skipped = error instanceof Error && error.name === 'SkippedCallError';
  return skipped || status === 402 || status === 403 ? ENTITY_FORBIDDEN : ENTITY_NOT_FOUND;
}
