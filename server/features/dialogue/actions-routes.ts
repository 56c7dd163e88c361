import type { FastifyInstance } from 'fastify';
import { getActionCatalogue, getActions, updateActions } from '../../../src/api/contract/actions.ts';
import { FALLBACK_INTENT, INPUT_INTENT, START_INTENT } from '../../../src/api/contract/reactions.ts';
import { builtinActionDocs } from '../../chat/builtin-actions.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { auditedProjectActions, replaceProjectActions } from './actions.ts';

const catalogue = {
  builtin: builtinActionDocs(),
  pseudo_intents: [
    { name: START_INTENT, doc: 'Runs when a conversation opens (the greeting).' },
    {
      name: FALLBACK_INTENT,
      doc: 'Runs when no intent reaches the confidence threshold, or no reaction fits the intent.',
    },
    {
      name: INPUT_INTENT,
      doc: 'Runs when the message answers a date picker or select box (its value is already in the variable); without one the message is classified.',
    },
  ],
  condition_doc:
    'A Jexl expression (e.g. `variables.count > 2 && intent == "order"`). It reads variables, entities (name -> value), intent, confidence and scope, and may use the transforms lower, upper, length, number and string. Empty means always.',
  webhook_rules: [
    'Only http:// and https:// addresses, without credentials in the URL.',
    'The host is resolved first: loopback, private, link-local, carrier-grade NAT, multicast, reserved and IPv4-mapped addresses are refused, and the call goes to the checked address.',
    'Redirects are not followed.',
    'The whole call must finish within the action time limit (at most 30 s); at most 256 KB of answer is read.',
    'A JSON object answer is merged into the conversation variables.',
  ],
};

export default async function actionRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getActions, async ({ db, query, requireProject }) =>
    auditedProjectActions(db, requireProject(), query.mtime),
  );

  registerCall(app, services, getActionCatalogue, async () => catalogue);

  registerCall(app, services, updateActions, async ({ body, user, requireProject, write }) => {
    const projectId = requireProject();
    return write(`Saved actions (${body.length})`, (trx, atime) =>
      replaceProjectActions(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
  });
}
