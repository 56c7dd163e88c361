import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { scopeQuery } from './common.ts';

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const WEBHOOK_TIMEOUT_MAX_MS = 30_000;

/** Names a reaction may not give a project action: the built-in ones. */
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Invalid header name');
const headerValue = z
  .string()
  .max(2000)
  .refine((v) => !/[\r\n\0]/.test(v), 'Header values cannot contain line breaks');

/**
 * A project action: an HTTP call (webhook) the bot makes when a reaction names it. The server refuses
 * loopback, private, link-local and IPv4-mapped addresses after DNS resolution, follows no redirect and
 * stops after `timeout_ms`; a JSON object answer is merged into the conversation's variables.
 */
export const projectAction = z.object({
  id: z.number().int(),
  name: z
    .string()
    .trim()
    .min(1, 'Action name cannot be empty')
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Action name may hold letters, digits, _ . - only'),
  type: z.literal('webhook').default('webhook'),
  url: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol),
      'URL must be an http:// or https:// address',
    ),
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  headers: z.record(headerName, headerValue).default({}),
  timeout_ms: z.number().int().min(100).max(WEBHOOK_TIMEOUT_MAX_MS).default(5000),
});
export type ProjectAction = z.infer<typeof projectAction>;
/** A project action as lists answer it: with its read-only audit fields. */
export const projectActionItem = projectAction.extend(auditFields);

export const projectActionInput = projectAction.extend({ id: z.number().int().min(-1).optional() });
export type ProjectActionInput = z.input<typeof projectActionInput>;

/** One argument of a built-in action, for the editor's typed forms. */
export const actionArgument = z.object({
  name: z.string(),
  type: z.enum([
    'text',
    'template',
    'number',
    'boolean',
    'reaction',
    'scope',
    'entity',
    'variable',
    'project',
    'url',
    'list',
    'action',
  ]),
  required: z.boolean(),
  doc: z.string(),
});
export const builtinAction = z.object({
  name: z.string(),
  doc: z.string(),
  args: z.array(actionArgument),
  /** call_end and call_transfer end the conversation. */
  ends_conversation: z.boolean(),
});
export type BuiltinActionDoc = z.infer<typeof builtinAction>;

export const actionCatalogue = z.object({
  builtin: z.array(builtinAction),
  /** Pseudo-intents a reaction may list (see reactions.ts). */
  pseudo_intents: z.array(z.object({ name: z.string(), doc: z.string() })),
  /** What a condition can read. */
  condition_doc: z.string(),
  /** The rules every webhook call obeys, for the actions screen. */
  webhook_rules: z.array(z.string()),
});
export type ActionCatalogue = z.infer<typeof actionCatalogue>;

const readQuery = scopeQuery.extend({ mtime: z.coerce.number().int().optional() });

export const getActions = defineCall({
  name: 'getActions',
  method: 'GET',
  path: '/actions',
  resource: '/actions',
  access: grant('GET', '/actions'),
  query: readQuery,
  response: z.array(projectActionItem),
  summary: 'Project actions (webhooks); with mtime, as they were at that time (microseconds).',
});

export const updateActions = defineCall({
  name: 'updateActions',
  method: 'PUT',
  path: '/actions',
  resource: '/actions',
  access: grant('PUT', '/actions'),
  query: scopeQuery,
  body: z.array(projectActionInput).max(500),
  response: z.array(projectActionItem),
  summary: 'Replaces the whole list of project actions; one still named by a reaction cannot be deleted.',
});

export const getActionCatalogue = defineCall({
  name: 'getActionCatalogue',
  method: 'GET',
  path: '/actions/catalogue',
  resource: '/actions',
  access: grant('GET', '/actions'),
  query: scopeQuery,
  response: actionCatalogue,
});
