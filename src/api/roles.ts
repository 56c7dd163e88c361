import type { z } from 'zod';
import {
  getPermissionResources as getPermissionResourcesCall,
  getPermissions as getPermissionsCall,
} from './contract/permissions-catalogue.ts';
import {
  deleteRole as deleteRoleCall,
  getRoles as getRolesCall,
  putRole as putRoleCall,
  putRolesPermissions as putRolesPermissionsCall,
  type rolesPermissionsBody,
} from './contract/roles.ts';
import { callApi } from './client.ts';

export const getRoles = () => callApi(getRolesCall);

/** PUT /roles/-1 creates (answers the new id); another id renames. */
export const insertRole = (name: string) => callApi(putRoleCall, { params: { id: -1 }, body: { name } });
export const renameRole = (id: number, name: string) => callApi(putRoleCall, { params: { id }, body: { name } });
export const deleteRole = (id: number) => callApi(deleteRoleCall, { params: { id } });
export const saveRolesPermissions = (body: z.input<typeof rolesPermissionsBody>) =>
  callApi(putRolesPermissionsCall, { body });

export const getPermissions = () => callApi(getPermissionsCall);
export const getPermissionResources = () => callApi(getPermissionResourcesCall);
