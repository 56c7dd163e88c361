import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';
import { keptTest, TRIAGE_BULK_MAX } from './unclassified.ts';

/**
 * Triage from the conversation logs (issue 19): what users said in a conversation joins one intent in one click,
 * kept as steps of the intent's test if asked; a waiting fallback with the same words is classified with it.
 * The classification grant; keep_as_test also needs PUT /tests/{id}.
 */
export const classifyPhrases = defineCall({
  name: 'classifyPhrases',
  method: 'POST',
  path: '/intents/classify-phrases',
  resource: '/intents',
  access: grant('POST', '/intents/{id}/mark-classified'),
  query: scopeQuery,
  body: z.object({
    phrases: z.array(z.string().trim().min(1).max(2000)).min(1).max(TRIAGE_BULK_MAX),
    intent_id: z.number().int(),
    keep_as_test: z.boolean().default(false),
  }),
  response: okResponse.extend({ classified: z.number().int(), test: keptTest.nullable() }),
});
