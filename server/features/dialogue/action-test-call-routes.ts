import type { FastifyInstance } from 'fastify';
import { testAction } from '../../../src/api/contract/action-test-call.ts';
import { callWebhook } from '../../webhook/call-webhook.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { notFound } from '../../domain-errors.ts';
import { projectHasAction } from './actions.ts';

/**
 * POST /v1/actions/:id/test: one call of the action as edited, through the runtime's guarded webhook client
 * (public addresses only after DNS resolution, no redirects, time and size limits). -1 tests an unsaved action;
 * a stored id must belong to the project (404 otherwise).
 */
export default async function actionTestCallRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, testAction, async ({ db, params, body, user, requireProject, log }) => {
    const projectId = requireProject();
    if (params.id !== -1 && !(await projectHasAction(db, projectId, params.id))) throw notFound('Action not found.');
    const started = performance.now();
    const result = await callWebhook(
      { id: params.id, ...body.action },
      {
        test: true,
        conversation_id: null,
        project_id: projectId,
        text: null,
        intent: null,
        variables: body.variables,
        args: {},
        user_id: user?.id ?? null,
      },
    );
    await log(`Test call of action ${body.action.name}`);
    const duration_ms = Math.round(performance.now() - started);
    return result.ok
      ? { ok: true, status: result.status, data: result.data, duration_ms }
      : { ok: false, reason: result.reason, duration_ms };
  });
}
