import { randomBytes } from 'node:crypto';
import { hashPassword } from './auth/passwords.ts';
import { createProject } from './features/projects/projects.ts';
import type { Db } from './db/database.ts';
import { ADMINISTRATOR_ROLE_ID } from './features/users/default-roles.ts';
import { seedDemoHistory } from './features/chat/demo-history.ts';
import { syncPermissionCatalogue } from './features/users/sync-permissions.ts';
import { insertUser } from './features/users/users-store.ts';
import { insertCompany } from './features/companies/companies.ts';

export const SEED_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_PROJECT_NAME = 'Demo bot';

export interface SeedResult {
  /** The administrator's one-off password when it was generated here (printed once), else null. */
  generatedPassword: string | null;
  created: boolean;
}

/**
 * First run: company "Demo", the administrator (password marked expired, so changing it is the first thing
 * a newcomer does) and a demo project filled by the services' project initializers (DESIGN §2).
 */
export async function seedDatabase(
  db: Db,
  options: { adminPassword: string | null; demo?: boolean; demoHistory?: boolean },
): Promise<SeedResult> {
  await syncPermissionCatalogue(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { generatedPassword: null, created: false };
  const password = options.adminPassword ?? randomBytes(12).toString('base64url');
  const company = await insertCompany(db, 'Demo');
  const adminId = await insertUser(db, {
    company_id: company.id,
    name: 'Administrator',
    email: SEED_ADMIN_EMAIL,
    passwd_hash: await hashPassword(password),
    password_expired: true,
    password_changed_at: new Date(),
    system_role_id: ADMINISTRATOR_ROLE_ID,
  });
  // Without the demo the administrator's first login is the console's first run (a project is made and trained).
  if (options.demo === false) return { generatedPassword: options.adminPassword ? null : password, created: true };
  const projectId = await createProject(db, {
    name: DEMO_PROJECT_NAME,
    language: 'en',
    companyId: company.id,
    ownerId: adminId,
    demo: true,
  });
  // The server's first start (not the tests' template): weeks of generated conversations for the dashboard.
  if (options.demoHistory) await seedDemoHistory(db, projectId, adminId);
  return { generatedPassword: options.adminPassword ? null : password, created: true };
}
