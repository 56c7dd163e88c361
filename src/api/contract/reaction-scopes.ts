import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { scopeQuery } from './common.ts';

/** A reaction scope groups reactions: a scoped reaction runs only while the conversation is in its scope. */
export const reactionScope = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, 'Scope name cannot be empty').max(100),
});
export type ReactionScope = z.infer<typeof reactionScope>;

/** In a whole-list save, an item without id (or id -1) is created; a stored item missing from the list is deleted. */
export const reactionScopeInput = reactionScope.extend({ id: z.number().int().min(-1).optional() });
export type ReactionScopeInput = z.infer<typeof reactionScopeInput>;

const readQuery = scopeQuery.extend({ mtime: z.coerce.number().int().optional() });

export const getReactionScopes = defineCall({
  name: 'getReactionScopes',
  method: 'GET',
  path: '/reaction-scopes',
  resource: '/reaction-scopes',
  access: grant('GET', '/reactions'),
  query: readQuery,
  response: z.array(reactionScope),
  summary: 'Reaction scopes; with mtime, as they were at that time (microseconds).',
});

export const updateReactionScopes = defineCall({
  name: 'updateReactionScopes',
  method: 'PUT',
  path: '/reaction-scopes',
  resource: '/reaction-scopes',
  access: grant('PUT', '/reactions'),
  query: scopeQuery,
  body: z.array(reactionScopeInput).max(500),
  response: z.array(reactionScope),
  summary: 'Replaces the whole list of reaction scopes; a scope still used by a reaction cannot be deleted.',
});
