import { foldText } from '../intentsList/search.ts';
import type { PaletteEntries } from './actors.ts';

/** The top bar's commands the palette runs (each offered only when its button is). */
export type PaletteCommand = 'runTests' | 'train' | 'runChat' | 'deployTesting';

export type PaletteTarget =
  | { kind: 'screen'; path: string }
  | { kind: 'command'; command: PaletteCommand }
  | { kind: 'intent' | 'reaction' | 'test' | 'knowledge' | 'conversation'; id: number };

export interface PaletteItem {
  key: string;
  label: string;
  /** What kind of thing it is, shown beside the label. */
  group: string;
  target: PaletteTarget;
}

export const COMMAND_LABELS: Record<PaletteCommand, string> = {
  runTests: 'Run tests',
  train: 'Train',
  runChat: 'Run chat',
  deployTesting: 'Deploy to testing',
};

/** Items listed at most, so 2,000 intents never render at once. */
export const PALETTE_LIMIT = 50;

const CONVERSATION_ID = /^#?(\d{1,10})$/;

/** 0 exact, 1 prefix, 2 a word's start, 3 anywhere; null: no match. */
function rank(label: string, query: string): number | null {
  const folded = foldText(label);
  if (folded === query) return 0;
  if (folded.startsWith(query)) return 1;
  const at = folded.indexOf(query);
  if (at < 0) return null;
  return /[\s_\-/.]/.test(folded[at - 1] ?? '') ? 2 : 3;
}

/**
 * What the palette lists for a query, best first: an empty query lists the screens and commands, a typed one also
 * the project's intents, reactions and tests by name, and a number a conversation by id.
 */
export function paletteItems(input: {
  query: string;
  screens: Array<{ path: string; label: string }>;
  commands: PaletteCommand[];
  entries: PaletteEntries | null;
  canOpenConversation: boolean;
}): PaletteItem[] {
  const { screens, commands, entries, canOpenConversation } = input;
  const all: PaletteItem[] = [
    ...commands.map((command) => ({
      key: `command:${command}`,
      label: COMMAND_LABELS[command],
      group: 'Command',
      target: { kind: 'command', command } as const,
    })),
    ...screens.map((s) => ({
      key: `screen:${s.path}`,
      label: s.label,
      group: 'Screen',
      target: { kind: 'screen', path: s.path } as const,
    })),
  ];
  const query = foldText(input.query.trim());
  if (!query) return all.slice(0, PALETTE_LIMIT);
  const entry =
    (kind: 'intent' | 'reaction' | 'test' | 'knowledge', group: string) => (e: { id: number; name: string }) => ({
      key: `${kind}:${e.id}`,
      label: e.name,
      group,
      target: { kind, id: e.id },
    });
  all.push(
    ...(entries?.intents ?? []).map(entry('intent', 'Intent')),
    ...(entries?.reactions ?? []).map(entry('reaction', 'Reaction')),
    ...(entries?.tests ?? []).map(entry('test', 'Test')),
    ...(entries?.knowledge ?? []).map(entry('knowledge', 'Knowledge')),
  );
  const ranked = all
    .map((item, order) => ({ item, order, rank: rank(item.label, query) }))
    .filter((r): r is { item: PaletteItem; order: number; rank: number } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((r) => r.item);
  const conversation = canOpenConversation ? CONVERSATION_ID.exec(query) : null;
  if (conversation) {
    const id = Number(conversation[1]);
    ranked.unshift({
      key: `conversation:${id}`,
      label: `Conversation #${id}`,
      group: 'Conversation',
      target: { kind: 'conversation', id },
    });
  }
  return ranked.slice(0, PALETTE_LIMIT);
}
