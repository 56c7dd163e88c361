import { type Kysely, sql } from 'kysely';

// Project files, pending one-time-code enrolments and single sign-on. Plain PostgreSQL only (PGlite too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // File contents live in the database, addressed by their sha256: a client's file name is never a path.
  await db.schema
    .createTable('storage_blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('storage_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().references('storage_blobs.sha256'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addUniqueConstraint('storage_files_version', ['project_id', 'name', 'version'])
    .execute();

  // A secret shown once as a QR code, active only after the user confirms it with a code.
  await db.schema
    .createTable('otp_enrolments')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per started sign-on: state, nonce and PKCE verifier, bound to the browser that started it.
  await db.schema
    .createTable('oidc_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('binding', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Who a provider's subject is here: keyed on issuer + subject, never on the e-mail address.
  await db.schema
    .createTable('external_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addPrimaryKeyConstraint('external_identities_pk', ['issuer', 'subject'])
    .execute();
  // One identity per user and issuer: once linked, a second subject cannot join by e-mail.
  await db.schema
    .createIndex('external_identities_user')
    .unique()
    .on('external_identities')
    .columns(['user_id', 'issuer'])
    .execute();
}
