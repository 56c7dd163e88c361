export type SynonymsDraftEvent =
  | { type: 'synonym.add'; name: string }
  | { type: 'synonym.rename'; key: number; name: string }
  /** The values text area: one value per line. */
  | { type: 'synonym.values'; key: number; values: string[] }
  | { type: 'synonym.delete'; key: number }
  | { type: 'synonym.deleteConfirm' }
  | { type: 'synonym.deleteCancel' }
  /** Save Synonyms. */
  | { type: 'synonyms.save' }
  | { type: 'synonyms.reload' };
