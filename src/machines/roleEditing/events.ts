export type RoleEditingEvent =
  /** Load again after a failed load. */
  | { type: 'roles.retry' }
  /** Show only this user's assignments (null: everyone). */
  | { type: 'filter.user'; userId: number | null }
  /** 'Add' beside a project's user box, with the user picked there (null: none picked). */
  | { type: 'member.add'; projectId: number; userId: number | null }
  | { type: 'member.role'; projectId: number; userId: number; roleId: number }
  | { type: 'member.remove'; projectId: number; userId: number }
  /** The role whose checklist is shown. */
  | { type: 'role.select'; roleId: number }
  /** Tick or untick a permission of the selected role. */
  | { type: 'permission.toggle'; permissionId: number }
  | { type: 'permissions.selectAll' }
  | { type: 'permissions.unselectAll' }
  | { type: 'role.new' }
  /** 'Add' in the new role form, with the name typed there. */
  | { type: 'role.create'; name: string }
  | { type: 'role.cancel' }
  /** Ask to delete the selected role. */
  | { type: 'role.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** 'Save Roles & Permissions' or Ctrl+S. */
  | { type: 'save' };
