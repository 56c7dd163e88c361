// jsdom lacks a few browser APIs Mantine 9 relies on; add them, the jest-dom matchers, and a clean DOM per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine's color scheme and useMediaQuery read matchMedia; jsdom has none.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// ScrollArea, Textarea autosize and Combobox observe element sizes.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!window.ResizeObserver) window.ResizeObserver = ResizeObserverStub;
if (!globalThis.ResizeObserver) globalThis.ResizeObserver = ResizeObserverStub;

// Combobox and Spotlight scroll the selected option into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) window.scrollTo = () => {};

// jsdom's getComputedStyle throws "Not implemented" when given a pseudo-element; Mantine's ScrollArea passes one.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, _pseudoElement?: string | null) => originalGetComputedStyle(element);

// Dropzone and Dates use these; jsdom lacks them.
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:model-test';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
if (!window.HTMLElement.prototype.hasPointerCapture) {
  window.HTMLElement.prototype.hasPointerCapture = () => false;
  window.HTMLElement.prototype.releasePointerCapture = () => {};
}

afterEach(() => {
  cleanup();
});
