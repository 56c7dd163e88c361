import { navigateTo } from '../../console/navigation.ts';

// The fallbacks screen's address: a link (the dashboard's "Not understood" list) may ask for one fallback to be opened.

const PARAM = 'fallback';

/** Opens the fallbacks screen with fallback `id`'s classification open (issue 34: from the dashboard's list). */
export function openFallbackOn(id: number): void {
  const params = new URLSearchParams(location.search);
  params.set(PARAM, String(id));
  navigateTo(`/app/fallbacks?${params}`);
}

/** The fallback a link asked for (read only: a render may be retried, so the address is cleared after mounting). */
export function requestedFallback(): number | null {
  if (typeof location === 'undefined') return null;
  const raw = new URLSearchParams(location.search).get(PARAM);
  return raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

/** The parameter leaves the address once the screen has it, so a reload starts with the list. */
export function forgetRequestedFallback(): void {
  const params = new URLSearchParams(location.search);
  if (!params.has(PARAM)) return;
  params.delete(PARAM);
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}
