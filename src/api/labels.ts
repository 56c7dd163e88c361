import { deleteLabel, getLabels, saveLabel } from './contract/labels.ts';
import { getAuditDeleted } from './contract/audit.ts';
import { callApi } from './client.ts';

export const loadLabels = (mtime?: number) => callApi(getLabels, { query: { mtime } });
/** `id` null or undefined creates (-1). */
export const storeLabel = (id: number | null, label: { name: string; color: string }) =>
  callApi(saveLabel, { params: { id }, body: label });
export const removeLabel = (id: number) => callApi(deleteLabel, { params: { id } });

/** Items deleted since `mtime` (history compare). */
export const loadDeletedItems = (mtime: number) => callApi(getAuditDeleted, { query: { mtime } });
