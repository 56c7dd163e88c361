import { z } from 'zod';
import { defineCall, grant, sessionAccess } from './call.ts';
import { idResponse, okResponse, scopeQuery } from './common.ts';
import { plainText } from './settings.ts';

export const COMPANY_NOT_FOUND = 'Company not found.';
export const DUPLICIT_COMPANY = 'Duplicit company name';
export const COMPANY_IN_USE = 'The company still has users or projects; move them first.';
/** Companies are platform-wide: their atime is kept under this resource, not per project. */
export const COMPANIES_RESOURCE = '/companies';

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  users: z.number().int(),
  projects: z.number().int(),
});
export type Company = z.infer<typeof company>;

const companyId = z.object({
  id: z.coerce
    .number({ error: 'The company id must be a number.' })
    .int('The company id must be a whole number.')
    .min(-1, COMPANY_NOT_FOUND)
    .max(2_147_483_647, COMPANY_NOT_FOUND),
});

export const companyBody = z.object({
  name: plainText('Company name', 120, 1)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, 'Company name cannot be empty.'),
});

/** Platform administrators see every company; anyone else only their own. */
export const getCompanies = defineCall({
  name: 'getCompanies',
  method: 'GET',
  path: '/companies',
  resource: COMPANIES_RESOURCE,
  access: sessionAccess,
  query: scopeQuery,
  response: z.array(company),
});

/** `PUT /companies/-1` creates. */
export const saveCompany = defineCall({
  name: 'saveCompany',
  method: 'PUT',
  path: '/companies/:id',
  resource: COMPANIES_RESOURCE,
  access: grant('PUT', '/companies/{id}'),
  query: scopeQuery,
  params: companyId,
  body: companyBody,
  response: idResponse,
});

export const deleteCompany = defineCall({
  name: 'deleteCompany',
  method: 'DELETE',
  path: '/companies/:id',
  resource: COMPANIES_RESOURCE,
  access: grant('DELETE', '/companies/{id}'),
  query: scopeQuery,
  params: companyId,
  response: okResponse,
});
