export type FallbackClassificationEvent =
  /** Opens the inline classification of one fallback. */
  | { type: 'fallback.open'; id: number }
  | { type: 'fallback.phrase'; value: string }
  /** The class selector; null is "__don't want to specify__". */
  | { type: 'fallback.class'; intentId: number | null }
  /** Set Class. */
  | { type: 'fallback.setClass' }
  | { type: 'fallback.cancel' }
  | { type: 'fallbacks.reload' };
