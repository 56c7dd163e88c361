import type { z } from 'zod';
import { callApi } from './client.ts';
import {
  deleteEntity as deleteEntityCall,
  type entityBody,
  getEntities as getEntitiesCall,
  putEntity,
} from './contract/entities.ts';

type EntityInput = z.input<typeof entityBody>;

export const getEntities = (mtime?: number) => callApi(getEntitiesCall, { query: { mtime } });

export const insertEntity = (entity: EntityInput) => callApi(putEntity, { params: { id: -1 }, body: entity });

export const updateEntity = (id: number, entity: EntityInput) => callApi(putEntity, { params: { id }, body: entity });

export const deleteEntity = (id: number) => callApi(deleteEntityCall, { params: { id } });
