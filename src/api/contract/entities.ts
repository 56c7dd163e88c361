import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';
import { historyQuery } from './intents.ts';

/** Validation texts of spec 2 §5, shared by the entities screen and the server. */
export const ENTITY_NAME_EMPTY = 'Entity name cannot be empty';
export const ENTITY_NAME_SPACES = 'Entity name cannot contain spaces';
export const ENTITY_NAME_ASCII = 'Entity name can contain only ASCII characters (i.e. no diacritics)';
export const DUPLICIT_ENTITY_NAME = 'Duplicit entity name';
/** On saving, a name with non-ASCII characters, '.', '$', ',' or a space is refused naming the entity. */
export const invalidEntityName = (name: string) =>
  `Entity "${name}" has an invalid name: use printable ASCII characters only, without '.', '$', ',' or spaces.`;
export const SYSTEM_ENTITY_READ_ONLY = 'System entity, insufficient permisssions to edit.';
export const SYSTEM_ENTITY_UNMARK_WARNING =
  'Marking entity non-system will hide it from all the projects within the platform!';
/** The fuzzy-match hint shows under this many values (spec 2 §9). */
export const FUZZY_HINT_VALUES = 30;

export const entityType = z.enum(['dictionary', 'number']);
export const entityMatch = z.enum(['exact', 'lemmatized', 'fuzzy']);
export const entityOccurrence = z.enum(['single', 'multiple']);

/** Used in templates as `@name`. New entities: dictionary, single, lemmatized, case sensitive, non-system. */
export const entityBody = z.object({
  name: z.string().max(200),
  type: entityType.default('dictionary'),
  match: entityMatch.default('lemmatized'),
  occurrence: entityOccurrence.default('single'),
  case_insensitive: z.boolean().default(false),
  /** Dictionary values separated by commas or new lines. */
  values: z.string().max(1_000_000).default(''),
  __is_system__: z.boolean().default(false),
});

export const entity = entityBody.extend({ id: z.number().int() });
export type Entity = z.infer<typeof entity>;
/** An entity as the list answers it: with its read-only audit fields. */
export const entityItem = entity.extend(auditFields);

/** The values a chat select box offers: a dictionary's, split on commas and new lines (numbers offer none). */
export const entityValueList = (e: { type: string; values: string }): string[] =>
  e.type === 'dictionary'
    ? e.values
        .split(/[,\n]/)
        .map((v) => v.trim())
        .filter(Boolean)
        .slice(0, 500)
    : [];

/** The project's entities and the platform's system entities. */
export const getEntities = defineCall({
  name: 'getEntities',
  method: 'GET',
  path: '/entities',
  resource: '/entities',
  access: grant('GET', '/entities'),
  query: historyQuery,
  response: z.array(entityItem),
});

/** PUT /entities/-1 creates (insertEntity), PUT /entities/{id} saves (updateEntity). System entities need PUT /system/entities/{id}. */
export const putEntity = defineCall({
  name: 'putEntity',
  method: 'PUT',
  path: '/entities/:id',
  resource: '/entities',
  access: grant('PUT', '/entities/{id}'),
  params: idOrNewParam,
  query: scopeQuery,
  body: entityBody,
  response: idResponse,
});

export const deleteEntity = defineCall({
  name: 'deleteEntity',
  method: 'DELETE',
  path: '/entities/:id',
  resource: '/entities',
  access: grant('PUT', '/entities/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});
