import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, okResponse, scopeQuery } from './common.ts';

/**
 * Pseudo-intents a reaction may list besides real intent names: `@start` runs when a conversation opens,
 * `@fallback` when no intent reaches the confidence threshold or no reaction fits the recognised intent,
 * `@input` when the message answers a date picker or select box (the value is already in its variable;
 * without a fitting `@input` reaction the message is classified as usual).
 */
export const START_INTENT = '@start';
export const FALLBACK_INTENT = '@fallback';
export const INPUT_INTENT = '@input';
export const PSEUDO_INTENTS = [START_INTENT, FALLBACK_INTENT, INPUT_INTENT] as const;

/** One step of a reaction: a built-in action (see the catalogue) or a project action (webhook) by name. */
export const reactionAction = z.object({
  name: z.string().trim().min(1, 'Action name cannot be empty').max(100),
  args: z.record(z.string(), z.unknown()).default({}),
  /** Who the step is attributed to in the transcript (the bot by default). */
  who: z.enum(['bot', 'user', 'system']).default('bot'),
});
export type ReactionAction = z.infer<typeof reactionAction>;

/** A reaction (spec 2 §3): the highest priority one whose intents, scope and condition fit runs its actions. */
export const reaction = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, 'Reaction name cannot be empty').max(120),
  /** A Jexl expression over variables, entities, intent, confidence and scope; empty means always. */
  condition: z.string().max(2000).default(''),
  intents: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
  priority: z.number().int().min(-1000000).max(1000000).default(0),
  reactions_scopes_id: z.number().int().nullable().default(null),
  actions: z.array(reactionAction).max(100).default([]),
});
export type Reaction = z.infer<typeof reaction>;
/** A reaction as lists answer it: with its read-only audit fields. */
export const reactionItem = reaction.extend(auditFields);

export const reactionInput = reaction.extend({ id: z.number().int().min(-1).optional() });
export type ReactionInput = z.input<typeof reactionInput>;

const readQuery = scopeQuery.extend({ mtime: z.coerce.number().int().optional() });

export const getReactions = defineCall({
  name: 'getReactions',
  method: 'GET',
  path: '/reactions',
  resource: '/reactions',
  access: grant('GET', '/reactions'),
  query: readQuery,
  response: z.array(reactionItem),
  summary: 'Every reaction of the project; with mtime, as they were at that time (microseconds).',
});

export const updateReactions = defineCall({
  name: 'updateReactions',
  method: 'PUT',
  path: '/reactions',
  resource: '/reactions',
  access: grant('PUT', '/reactions'),
  query: scopeQuery,
  body: z.array(reactionInput).max(5000),
  response: z.array(reactionItem),
  summary: 'Replaces the whole list: items without id (or -1) are created, stored ones missing from the list deleted.',
});

export const updateReaction = defineCall({
  name: 'updateReaction',
  method: 'PUT',
  path: '/reaction/:id',
  resource: '/reactions',
  access: grant('PUT', '/reactions'),
  params: idOrNewParam,
  query: scopeQuery,
  body: reaction.omit({ id: true }),
  response: z.object({ id: z.number().int() }),
});

export const deleteReaction = defineCall({
  name: 'deleteReaction',
  method: 'DELETE',
  path: '/reaction/:id',
  resource: '/reactions',
  access: grant('PUT', '/reactions'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});
