import type { CurrentUser } from '../../src/api/contract/users.ts';

/** A user as GET /v1/users/me answers it; `grants` are the role's grants in project 1. */
export function makeUser(
  overrides: Partial<CurrentUser> = {},
  grants: CurrentUser['permissions']['role_grants'][string] = [],
): CurrentUser {
  return {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company_id: 1,
    password_expired: false,
    otp_enabled: false,
    otp_enrolment_required: false,
    projects: [{ id: 1, name: 'Demo bot' }],
    permissions: {
      project_roles: { '1': 2 },
      role_names: { '2': 'Editor' },
      role_grants: { '2': grants },
      system_grants: [],
      restricted: [
        'POST /projects',
        'GET /users-logs',
        'PUT /roles/{id}',
        'GET /stats',
        'GET /tests',
        'PUT /tests/{id}',
      ],
    },
    ...overrides,
  };
}
