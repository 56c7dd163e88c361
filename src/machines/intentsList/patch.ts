import type { Intent } from '../../api/contract/intents.ts';
import type { IntentsPatch } from './events.ts';

/** Applies one change; untouched intents keep their identity (folded search texts stay cached). */
export function applyPatch(intents: Intent[], patch: IntentsPatch): Intent[] {
  const update = (id: number, change: (intent: Intent) => Intent) =>
    intents.map((intent) => (intent.id === id ? change(intent) : intent));
  switch (patch.kind) {
    case 'templateAdded':
      return update(patch.intentId, (i) => ({ ...i, templates: [...i.templates, patch.template] }));
    case 'templateReplaced':
      return update(patch.intentId, (i) => ({
        ...i,
        templates: i.templates.map((t) => (t === patch.from ? patch.to : t)),
      }));
    case 'templateDeleted':
      return update(patch.intentId, (i) => ({ ...i, templates: i.templates.filter((t) => t !== patch.template) }));
    case 'intentCreated':
      return [...intents.filter((i) => i.id !== patch.intent.id), patch.intent];
    case 'intentRemoved':
      return intents.filter((i) => i.id !== patch.intentId);
  }
}

/** Renames an intent and, for a positive one, its '[NEG]' twin (the server did the same). */
export function applyRename(intents: Intent[], id: number, name: string, twinSuffix: string): Intent[] {
  const renamed = intents.find((i) => i.id === id);
  if (!renamed) return intents;
  const oldTwin = `${renamed.name}${twinSuffix}`;
  const trimmed = name.trim();
  return intents.map((intent) => {
    if (intent.id === id) return { ...intent, name: trimmed };
    if (!renamed.name.endsWith(twinSuffix) && intent.name === oldTwin)
      return { ...intent, name: `${trimmed}${twinSuffix}` };
    return intent;
  });
}
