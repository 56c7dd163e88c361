import { type AuditedResource, getAuditChanges as getAuditChangesCall } from './contract/audit.ts';
import { callApi } from './client.ts';

/** Who changed which item of a resource after `from` and up to `to` (microseconds; history compare). */
export const getAuditChanges = (resource: AuditedResource, from: number, to: number) =>
  callApi(getAuditChangesCall, { query: { resource, from, to } });
