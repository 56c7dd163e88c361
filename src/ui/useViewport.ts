import { type RefObject, useLayoutEffect, useState } from 'react';

/** A container not laid out yet (or a test DOM) still renders a first screenful. */
const FALLBACK_HEIGHT = 800;

/** The scroll position and height of a virtual list's viewport, kept current on scroll and resize. */
export function useViewport(scroller: RefObject<HTMLDivElement | null>, active: boolean) {
  const [viewport, setViewport] = useState({ top: 0, height: FALLBACK_HEIGHT });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!active || !element) return;
    const update = () =>
      setViewport((previous) => {
        const next = { top: element.scrollTop, height: element.clientHeight || FALLBACK_HEIGHT };
        return next.top === previous.top && next.height === previous.height ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [scroller, active]);
  return viewport;
}
