export type FallbackClassificationEvent =
  /** Opens the inline classification of one fallback. */
  | { type: 'fallback.open'; id: number }
  | { type: 'fallback.phrase'; value: string }
  /** The class selector; null is "__don't want to specify__". */
  | { type: 'fallback.class'; intentId: number | null }
  /** Set Class: needs a class (issue 34); the phrase as written unless the suggestion was chosen. */
  | { type: 'fallback.setClass' }
  /** The suggested shortening replaces the phrase (only when chosen, issue 34). */
  | { type: 'fallback.useSuggestion' }
  /** Removes the fallback without a class (undoable like a classification). */
  | { type: 'fallback.dismiss' }
  /** The notification's Undo: the last classification is taken back while its window lasts. */
  | { type: 'fallback.undo' }
  | { type: 'fallback.cancel' }
  /** "Keep as test": classifying also keeps the phrase as a regression test step. */
  | { type: 'fallback.keepAsTest'; on: boolean }
  /** Bulk: a row's checkbox. */
  | { type: 'fallback.select'; id: number; on: boolean }
  /** Bulk: the one class for the selected rows; null is "__don't want to specify__" (dismiss). */
  | { type: 'fallbacks.bulkClass'; intentId: number | null }
  /** Bulk: Classify selected. */
  | { type: 'fallbacks.bulkApply' }
  | { type: 'fallbacks.reload' };
