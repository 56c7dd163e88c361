import type { Db } from '../../db/database.ts';
import type { SipAccount } from './dialler.ts';

/** The SIP server, number and password of a project's environment (project settings; the password is a secret). */
export async function sipAccountOf(db: Db, projectId: number, env: 'dev' | 'prod'): Promise<SipAccount> {
  const row = await db
    .selectFrom('project_settings')
    .select(['data', 'secrets'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    server: text(row?.data?.[`sip_server_${env}`]),
    number: text(row?.data?.[`sip_number_${env}`]),
    password: text(row?.secrets?.[`sip_password_${env}`]),
  };
}
