import type { FastifyInstance } from 'fastify';
import {
  getPlatformSettings,
  PLATFORM_RESOURCE,
  resetUserOtp,
  updatePlatformSettings,
} from '../../../src/api/contract/platform.ts';
import { getProjectToken, getSettings, renewProjectToken, updateSettings } from '../../../src/api/contract/settings.ts';
import { notFound } from '../../domain-errors.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  auditedSettings,
  readSettings,
  renewChatbotToken,
  updateSettings as applySettingsUpdate,
  withSettingsAudit,
} from './settings.ts';
import { updatePlatformSettings as applyPlatformSettings, readPlatformSettings } from '../../auth/platform-settings.ts';
import { clearOtp } from '../users/users-store.ts';
import { platformWrite, sendPlatformAtime } from '../../http/platform-write.ts';
import { userById } from '../users/users.ts';

/** Project settings (spec 2 §3), the chatbot token, platform-wide settings and the one-time-code reset. */
export default async function settingsRoutes(app: FastifyInstance, services: RouteServices) {
  const { db } = services;

  registerCall(app, services, getSettings, async ({ query, requireProject }) =>
    auditedSettings(db, requireProject(), query.mtime),
  );

  registerCall(app, services, updateSettings, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    const changed = Object.keys(body).sort();
    return write(`Updated settings (${changed.join(', ').slice(0, 400) || 'no fields'})`, async (trx, atime) =>
      withSettingsAudit(
        trx,
        projectId,
        await applySettingsUpdate(trx, { projectId, userId: user?.id ?? null, atime, update: body }),
      ),
    );
  });

  registerCall(app, services, getProjectToken, async ({ requireProject }) => ({
    token: (await readSettings(db, requireProject())).chatbot_token,
  }));

  registerCall(app, services, renewProjectToken, async ({ write, requireProject, user }) => {
    const projectId = requireProject();
    const token = await write('Renewed the chatbot token', (trx, atime) =>
      renewChatbotToken(trx, { projectId, userId: user?.id ?? null, atime }),
    );
    return { token };
  });

  registerCall(app, services, getPlatformSettings, async ({ reply }) => {
    await sendPlatformAtime({ db, reply }, PLATFORM_RESOURCE);
    return readPlatformSettings(db);
  });

  registerCall(app, services, updatePlatformSettings, async ({ body, query, reply, user, projectId }) => {
    const parts = [
      body.max_password_age_days !== undefined
        ? `maximum password age ${body.max_password_age_days === null ? 'off' : `${body.max_password_age_days} days`}`
        : null,
      body.require_otp !== undefined ? `one-time codes ${body.require_otp ? 'required' : 'optional'}` : null,
    ].filter(Boolean);
    return platformWrite(
      { db, reply, query, userId: user?.id ?? null, projectId },
      PLATFORM_RESOURCE,
      (trx) => applyPlatformSettings(trx, body),
      () => `Updated platform settings (${parts.join(', ') || 'no fields'})`,
    );
  });

  registerCall(app, services, resetUserOtp, async ({ params, query, reply, requireUser, projectId }) => {
    const caller = requireUser();
    const target = await userById(db, params.id);
    // Outside a system grant's reach, only users of one's own company exist (as for the other user calls).
    const platformWide = caller.permissions.system_grants.some((g) => g.path.endsWith('/otp-reset'));
    if (!target || (!platformWide && target.company_id !== caller.company_id)) throw notFound('No such user.');
    await platformWrite(
      { db, reply, query, userId: caller.id, projectId },
      resetUserOtp.resource,
      (trx) => clearOtp(trx, target.id),
      () => `Reset the one-time code of ${target.email}`,
    );
    return { status: 'ok' as const };
  });
}
