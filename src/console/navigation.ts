import { navigate } from 'wouter/use-hash-location';

/** The page as the router sees it: hash path plus the query (project_id lives in the real query string). */
export function currentPage(): string {
  const path = `/${location.hash.replace(/^#?\/?/, '')}`;
  return `${path}${location.search}`;
}

export function navigateTo(to: string, replace = false): void {
  navigate(to, { replace });
}
