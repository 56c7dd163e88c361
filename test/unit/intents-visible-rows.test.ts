import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/api/contract/intents.ts';
import { applyPatch } from '../../src/machines/intentsList/patch.ts';
import { type Row, visibleRows } from '../../src/machines/intentsList/selectors.ts';

const intents: Intent[] = [
  { id: 1, name: 'order', templates: ['Červený autobus', 'modrý vlak', 'cena lístku'] },
  { id: 2, name: 'weather', templates: ['počasí zítra', 'červený západ slunce'] },
  { id: 3, name: 'order [NEG]', templates: ['nechci autobus'] },
];

const rows = (list: Intent[], search: string, expanded: number[] = [], canEdit = false) =>
  visibleRows(list, { search, onlyFlaws: false, expanded, evaluation: null, clashing: new Map(), canEdit });
const describeRow = (row: Row) =>
  row.kind === 'template'
    ? `  ${row.template}`
    : row.kind === 'intent'
      ? `${row.intent.name}${row.expanded ? ' ▾' : ''}`
      : `  +${row.kind}`;

describe('visibleRows (the intents list at a keystroke)', () => {
  it('matches templates ignoring case and diacritics and opens their intents with only those templates', () => {
    expect(rows(intents, 'CERVENY').map(describeRow)).toEqual([
      'order ▾',
      '  Červený autobus',
      'weather ▾',
      '  červený západ slunce',
    ]);
  });

  it('shows an intent whose name matches closed, and every template (with the add rows) when expanded', () => {
    expect(rows(intents, 'order').map(describeRow)).toEqual(['order', 'order [NEG]']);
    expect(rows(intents, 'order', [1], true).map(describeRow)).toEqual([
      'order ▾',
      '  +addTemplate',
      '  +addBoth',
      '  Červený autobus',
      '  modrý vlak',
      '  cena lístku',
      'order [NEG]',
    ]);
  });

  it('gives each row a unique key, the same row object for the same template on every search', () => {
    const all = rows(intents, '', [1, 2, 3], true);
    expect(new Set(all.map((r) => r.key)).size).toBe(all.length);
    const typed = ['c', 'ce', 'cer', 'cerv'].map((query) => rows(intents, query));
    const first = typed[0]?.find((r) => r.kind === 'template' && r.template === 'Červený autobus');
    for (const list of typed) expect(list).toContain(first);
    expect(all).toContain(first);
  });

  it('narrowing keystroke by keystroke gives what a fresh search gives, also after the list changed', () => {
    for (const query of ['a', 'au', 'aut', 'auto']) rows(intents, query);
    const changed = applyPatch(intents, { kind: 'templateAdded', intentId: 2, template: 'autobus v dešti' });
    expect(rows(changed, 'auto').map(describeRow)).toEqual([
      'order ▾',
      '  Červený autobus',
      'weather ▾',
      '  autobus v dešti',
      'order [NEG] ▾',
      '  nechci autobus',
    ]);
    // The changed intent is a new object: its rows show its new templates, the others keep theirs.
    const renamed = applyPatch(changed, {
      kind: 'templateReplaced',
      intentId: 1,
      from: 'Červený autobus',
      to: 'žlutý autobus',
    });
    expect(rows(renamed, 'auto').map(describeRow)[1]).toBe('  žlutý autobus');
  });
});
