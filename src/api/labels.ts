import {
  deleteLabel as deleteLabelCall,
  getLabels as getLabelsCall,
  saveLabel as saveLabelCall,
} from './contract/labels.ts';
import { getAuditDeleted as getAuditDeletedCall } from './contract/audit.ts';
import { callApi } from './client.ts';

export const getLabels = (mtime?: number) => callApi(getLabelsCall, { query: { mtime } });
/** `id` null or undefined creates (-1). */
export const saveLabel = (id: number | null, label: { name: string; color: string }) =>
  callApi(saveLabelCall, { params: { id }, body: label });
export const deleteLabel = (id: number) => callApi(deleteLabelCall, { params: { id } });

/** Items deleted since `mtime` (history compare). */
export const getAuditDeleted = (mtime: number) => callApi(getAuditDeletedCall, { query: { mtime } });
