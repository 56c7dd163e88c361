import type { z } from 'zod';
import { getPermissionResources, getPermissions } from './contract/permissions-catalogue.ts';
import { deleteRole, getRoles, putRole, putRolesPermissions, type rolesPermissionsBody } from './contract/roles.ts';
import { callApi } from './client.ts';

export const loadRoles = () => callApi(getRoles);

/** PUT /roles/-1 creates (answers the new id); another id renames. */
export const insertRole = (name: string) => callApi(putRole, { params: { id: -1 }, body: { name } });
export const renameRole = (id: number, name: string) => callApi(putRole, { params: { id }, body: { name } });
export const removeRole = (id: number) => callApi(deleteRole, { params: { id } });
export const saveRolesPermissions = (body: z.input<typeof rolesPermissionsBody>) =>
  callApi(putRolesPermissions, { body });

export const loadPermissions = () => callApi(getPermissions);
export const loadPermissionResources = () => callApi(getPermissionResources);
