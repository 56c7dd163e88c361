import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';
import { historyQuery } from './intents.ts';

/** Validation texts of spec 2 §5, shared by the synonyms panel and the server. */
export const SYNONYM_NAME_EMPTY = 'Synonym name cannot be empty';
export const SYNONYM_NAME_SPACES = 'Synonym name cannot contain spaces';
export const DUPLICIT_SYNONYM_NAME = 'Duplicit synonym name';
/** On rename the panel shows this title with SYNONYM_NAME_MUST_BE_UNIQUE. */
export const DUPLICIT_SYNONYM_NAME_ON_RENAME = 'Duplicit synonym name!';
export const SYNONYM_NAME_MUST_BE_UNIQUE = 'Synonym name must be unique';

/** Used in templates as `#name`. */
export const synonym = z.object({
  id: z.number().int().optional(),
  name: z.string().max(200),
  values: z.array(z.string().max(500)).max(10_000),
});
export type Synonym = z.infer<typeof synonym>;

/** Synonyms live on the intents screen, so reading them needs what reading intents needs. */
export const getSynonyms = defineCall({
  name: 'getSynonyms',
  method: 'GET',
  path: '/synonyms',
  resource: '/synonyms',
  access: grant('GET', '/intents'),
  query: historyQuery,
  response: z.array(synonym.extend({ id: z.number().int() })),
});

/** The whole list ('Save Synonyms'): local renames, additions and deletions are saved at once. */
export const updateSynonyms = defineCall({
  name: 'updateSynonyms',
  method: 'PUT',
  path: '/synonyms',
  resource: '/synonyms',
  access: grant('PUT', '/synonyms'),
  query: scopeQuery,
  body: z.array(synonym).max(5_000),
  response: okResponse,
});
