import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Spec 2 §9: a screen's code that has not arrived after 120 s is an error, not an endless spinner. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** Load a code-split module, giving up after CHUNK_LOAD_TIMEOUT_MS. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint
export function lazyWithTimeout<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new ChunkLoadTimeoutError('The screen took too long to load.')),
          CHUNK_LOAD_TIMEOUT_MS,
        );
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
