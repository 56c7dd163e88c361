import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * The question asked before a chosen CSV is uploaded and imported (intents, QA questions): open while the machine
 * confirms or imports, busy while it imports. The children say what the file will do to the project.
 */
export function ImportConfirmDialog(props: {
  confirming: boolean;
  importing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { confirming, importing, onConfirm, onCancel, children } = props;
  return (
    <ConfirmDialog
      opened={confirming || importing}
      busy={importing}
      color="blue"
      title="Upload file?"
      confirmLabel="Import"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {children}
    </ConfirmDialog>
  );
}
