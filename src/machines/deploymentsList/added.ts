import type { Deployment } from '../../api/contract/deployments.ts';
import type { FilterForm } from './filter.ts';

/**
 * A new deployment in an open list (issue 34): the environment filter switches to its environment, it goes to the
 * top and becomes that environment's live one; rows of another environment leave until the reload answers.
 */
export function withDeployment(
  context: { filter: FilterForm; items: Deployment[]; added: Deployment[] },
  deployment: Deployment,
): { filter: FilterForm; items: Deployment[]; added: Deployment[] } {
  const env = deployment.project_env;
  const sameEnv = (d: Deployment) => d.project_env === env && d.id !== deployment.id;
  const notLive = (d: Deployment) => ({ ...d, live: false });
  return {
    filter: { ...context.filter, env },
    items: [deployment, ...context.items.filter(sameEnv).map(notLive)],
    added: [deployment, ...context.added.filter(sameEnv).map(notLive)],
  };
}

/**
 * The server's page with the deployments added since the filters last changed on top, when the filters leave them
 * out (a user or date filter); the server's copy wins when it lists one.
 */
export function withAdded(
  added: Deployment[],
  page: { items: Deployment[]; total: number },
): { items: Deployment[]; total: number } {
  const listed = new Set(page.items.map((d) => d.id));
  const missing = added.filter((d) => !listed.has(d.id));
  // The server marks live over all rows whatever the filters: a live row on the page means the added one is not.
  const pageHasLive = page.items.some((d) => d.live);
  const pinned = missing.map((d) => (pageHasLive ? { ...d, live: false } : d));
  return { items: [...pinned, ...page.items], total: page.total + missing.length };
}
