import type { SnapshotFrom } from 'xstate';
import type { storageUploadMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof storageUploadMachine>;

/** Whether the chosen file replaces a listed one (its upload makes a new version). */
export const replacesExisting = (s: Snapshot): boolean =>
  s.context.chosen !== null && s.context.files.some((f) => f.name === s.context.chosen?.name);

/** Human-readable size: 1.2 MB, 3.4 kB, 12 B. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} B`;
}
