import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AuthorizationRequest, VerifiedIdentity } from '../../auth/oidc.ts';
import type { Db } from '../../db/database.ts';

/** A started sign-on must come back within this time. */
export const SSO_FLOW_SECONDS = 10 * 60;

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keeps state, nonce and PKCE verifier server side, bound to the browser's binding cookie; drops stale flows. */
export async function saveFlow(db: Db, request: AuthorizationRequest, binding: string): Promise<void> {
  await db.deleteFrom('oidc_flows').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('oidc_flows')
    .values({
      state: request.state,
      nonce: request.nonce,
      code_verifier: request.codeVerifier,
      binding: digest(binding),
      expires_at: sql<Date>`now() + make_interval(secs => ${SSO_FLOW_SECONDS})`,
    })
    .execute();
}

/** Takes a flow once (deleted as it is read): a replayed state finds nothing. Null when unknown, stale or not this browser's. */
export async function takeFlow(
  db: Db,
  state: string,
  binding: string | undefined,
): Promise<{ state: string; nonce: string; codeVerifier: string } | null> {
  const row = await db
    .deleteFrom('oidc_flows')
    .where('state', '=', state)
    .returning(['state', 'nonce', 'code_verifier', 'binding', 'expires_at'])
    .executeTakeFirst();
  if (!row || !binding || row.binding !== digest(binding) || new Date(row.expires_at).getTime() < Date.now())
    return null;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier };
}

/**
 * The user a verified identity belongs to, keyed on issuer + subject (ASVS 6.8.1). The first sign-on links to an
 * existing active user with the same address only when the provider vouches for it and that user has no identity
 * at this issuer yet; after that only issuer + subject count. Null means no login.
 */
export async function userForIdentity(db: Db, identity: VerifiedIdentity): Promise<number | null> {
  const linked = await db
    .selectFrom('external_identities')
    .innerJoin('users', 'users.id', 'external_identities.user_id')
    .select(['users.id', 'users.is_active'])
    .where('external_identities.issuer', '=', identity.issuer)
    .where('external_identities.subject', '=', identity.subject)
    .executeTakeFirst();
  if (linked) {
    if (!linked.is_active) return null;
    await db
      .updateTable('external_identities')
      .set({ last_login_at: new Date(), email: identity.email })
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .execute();
    return linked.id;
  }
  if (!identity.email || !identity.emailVerified) return null;
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where(sql<string>`lower(email)`, '=', identity.email.toLowerCase())
    .executeTakeFirst();
  if (!user?.is_active) return null;
  // The unique (user, issuer) index makes a second subject for the same user fail here, even under a race.
  const inserted = await db
    .insertInto('external_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: user.id,
      email: identity.email,
      last_login_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted ? user.id : null;
}
