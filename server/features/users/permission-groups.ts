import type { Permission, PermissionGroup } from '../../../src/api/contract/permissions-catalogue.ts';

/**
 * Areas of the console, so the role checklist reads like the menu rather than a list of paths.
 * The first prefix that matches a path wins; the list goes from specific to general.
 */
const areas: Array<[prefix: string, area: string]> = [
  ['/stats', 'Dashboard'],
  ['/reactions', 'Reactions'],
  ['/actions', 'Actions'],
  ['/intents/unclassified', 'Fallbacks'],
  ['/intents/{id}/mark-classified', 'Fallbacks'],
  ['/intent/unclassified', 'Fallbacks'],
  ['/intents', 'Intents'],
  ['/synonyms', 'Intents'],
  ['/run/train', 'Intents'],
  ['/worker/reload', 'Intents'],
  ['/entities', 'Entities'],
  ['/system/entities', 'Entities'],
  ['/settings', 'Settings'],
  ['/project/api-token', 'Settings'],
  ['/storage', 'Storage'],
  ['/file', 'Storage'],
  ['/tests', 'Tests'],
  ['/run/test', 'Tests'],
  ['/conversations', 'Conversations'],
  ['/labels', 'Conversations'],
  ['/outbound', 'Outbound'],
  ['/deployments', 'Deployments'],
  ['/run/deploy', 'Deployments'],
  ['/history', 'History'],
  ['/audit', 'History'],
  ['/knowledges', 'Knowledge base'],
  ['/qa-trainings', 'QA trainings'],
  ['/projects', 'Projects'],
  ['/users-logs', 'Users log'],
  ['/users', 'Users'],
  ['/system/roles', 'Roles'],
  ['/roles', 'Roles'],
  ['/companies', 'Platform'],
  ['/platform', 'Platform'],
];

export const OTHER_AREA = 'Other';

export function areaOf(path: string): string {
  return areas.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? OTHER_AREA;
}

/** The catalogue grouped by area, areas in menu order, 'Other' last. */
export function groupPermissions(permissions: Permission[]): PermissionGroup[] {
  const order = [...new Set(areas.map(([, area]) => area)), OTHER_AREA];
  const groups = new Map<string, PermissionGroup>();
  for (const p of permissions) {
    const name = areaOf(p.resources);
    const group = groups.get(name) ?? { name, resources: [], permissions: [] };
    if (!group.resources.includes(p.resources)) group.resources.push(p.resources);
    group.permissions.push(p.id);
    groups.set(name, group);
  }
  return [...groups.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
