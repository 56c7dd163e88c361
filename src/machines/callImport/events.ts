export type CallImportEvent =
  /** A campaign's Import button: the modal opens for that campaign. */
  | { type: 'import.open'; campaignId: number; campaignName: string }
  | { type: 'import.choose'; file: File }
  | { type: 'import.confirm' }
  /** Back from the confirmation, or 'Close' on the modal. */
  | { type: 'import.cancel' }
  | { type: 'import.close' };

/** Emitted after a successful import, so the screen shows the campaign's calls. */
export type CallImportEmitted = { type: 'calls.imported'; campaignId: number; count: number };
