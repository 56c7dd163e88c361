import type { z } from 'zod';
import { callApi } from './client.ts';
import { deleteEntity, type entityBody, getEntities, putEntity } from './contract/entities.ts';

type EntityInput = z.input<typeof entityBody>;

export const loadEntities = (mtime?: number) => callApi(getEntities, { query: { mtime } });

/**
 * Another project's entities (a chat select box of that project): a 403 there must not log the user out
 * (spec 1 §7), and the chat window tells 402, 403 and 404 itself, so no toast either.
 */
export const getProjectEntities = (projectId: number) =>
  callApi(getEntities, { query: { project_id: projectId }, ignore403: true, expectedStatuses: [402, 403, 404] });

export const insertEntity = (entity: EntityInput) => callApi(putEntity, { params: { id: -1 }, body: entity });

export const updateEntity = (id: number, entity: EntityInput) => callApi(putEntity, { params: { id }, body: entity });

export const removeEntity = (id: number) => callApi(deleteEntity, { params: { id } });
