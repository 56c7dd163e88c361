import { navigateTo } from '../../console/navigation.ts';

// The fallbacks screen's address: a link (the dashboard's "Not understood" list) may ask for one fallback to be opened.

const PARAM = 'fallback';

/** Opens the fallbacks screen with fallback `id`'s classification open (issue 34: from the dashboard's list). */
export function openFallbackOn(id: number): void {
  const params = new URLSearchParams(location.search);
  params.set(PARAM, String(id));
  navigateTo(`/app/fallbacks?${params}`);
}

/** The fallback a link asked for, taken once: the parameter leaves the address so a reload starts with the list. */
export function takeRequestedFallback(): number | null {
  if (typeof location === 'undefined') return null;
  const params = new URLSearchParams(location.search);
  const raw = params.get(PARAM);
  if (raw === null) return null;
  params.delete(PARAM);
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  return /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}
