import type { SnapshotFrom } from 'xstate';
import type { chatbotTestMachine } from './machine.ts';
import { frameDocument } from './widgetFrame.ts';

type Snapshot = SnapshotFrom<typeof chatbotTestMachine>;

/** The frame's document, or null before the widget's settings are known. */
export const frameSource = (s: Snapshot): string | null =>
  s.context.widget ? frameDocument(s.context.widget, s.context.background) : null;

export const bundleFailed = (s: Snapshot): boolean =>
  s.matches('unavailable') || s.matches({ ready: { bundle: 'failed' } });
