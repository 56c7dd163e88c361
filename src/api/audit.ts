import { type AuditedResource, getAuditChanges } from './contract/audit.ts';
import { callApi } from './client.ts';

/** Who changed which item of a resource after `from` and up to `to` (microseconds; history compare). */
export const loadChanges = (resource: AuditedResource, from: number, to: number) =>
  callApi(getAuditChanges, { query: { resource, from, to } });
