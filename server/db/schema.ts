import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  email: string;
  passwd_hash: string;
  password_expired: boolean;
  password_changed_at: Timestamp;
  /** Role whose grants apply in every project (platform administrators). */
  system_role_id: number | null;
  otp_secret: string | null;
  /** Last accepted TOTP time step: a code of that step or earlier is a replay. */
  otp_last_step: number | null;
  is_active: boolean;
  created_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  language: string;
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  project_env: 'dev' | 'prod' | null;
  /** Ids of the permissions that this one covers (ticking it ticks them). */
  covers: JSONColumnType<number[]>;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserProjectsTable {
  user_id: number;
  project_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table gives no usable cookie. */
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
}

export interface UsersLogsTable {
  id: Generated<number>;
  user_id: number | null;
  project_id: number | null;
  action: string;
  created_at: CreatedAt;
}

export interface ResourceAtimesTable {
  project_id: number;
  resource: string;
  atime: number;
}

export interface RevisionsTable {
  id: Generated<number>;
  project_id: number;
  resource: string;
  item_id: string;
  time: number;
  user_id: number | null;
  data: JSONColumnType<unknown> | null;
  deleted: boolean;
}

export interface ProjectSettingsTable {
  project_id: number;
  data: JSONColumnType<Record<string, unknown>>;
  /** Write-only values (SIP passwords): never answered, never in revisions. */
  secrets: JSONColumnType<Record<string, string>>;
  chatbot_token: string;
}

export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
  created_at: CreatedAt;
}

export interface PlatformSettingsTable {
  id: number;
  max_password_age_days: number | null;
  require_otp: boolean;
}

// Storage, one-time-code enrolment and single sign-on (migration 0004).
export interface StorageBlobsTable {
  sha256: string;
  content: Uint8Array;
}

export interface StorageFilesTable {
  id: Generated<number>;
  project_id: number;
  /** The client's name: a label shown as text, never a path. */
  name: string;
  version: number;
  size: number;
  /** Detected from the content, not the client's declaration. */
  type: string;
  sha256: string;
  user_id: number | null;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export interface OtpEnrolmentsTable {
  user_id: number;
  secret: string;
  created_at: CreatedAt;
}

export interface OidcFlowsTable {
  state: string;
  nonce: string;
  code_verifier: string;
  /** sha256 of the browser-binding cookie set when the flow started. */
  binding: string;
  expires_at: Timestamp;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  projects: ProjectsTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_projects: UserProjectsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  users_logs: UsersLogsTable;
  resource_atimes: ResourceAtimesTable;
  revisions: RevisionsTable;
  storage_blobs: StorageBlobsTable;
  storage_files: StorageFilesTable;
  otp_enrolments: OtpEnrolmentsTable;
  oidc_flows: OidcFlowsTable;
  external_identities: ExternalIdentitiesTable;
  project_settings: ProjectSettingsTable;
  labels: LabelsTable;
  platform_settings: PlatformSettingsTable;
}
