import type { z } from 'zod';
import {
  deleteEntity as deleteEntityCall,
  type entityBody,
  getEntities as getEntitiesCall,
  putEntity as putEntityCall,
} from './contract/entities.ts';
import { callApi } from './client.ts';

export type EntityBody = z.input<typeof entityBody>;

export const getEntities = () => callApi(getEntitiesCall);
/** insertEntity (id undefined → -1) or updateEntity. */
export const putEntity = (id: number | undefined, body: EntityBody) =>
  callApi(putEntityCall, { params: { id }, body, expectedStatuses: [400] });
export const deleteEntity = (id: number) => callApi(deleteEntityCall, { params: { id } });
