import type { LanguageDefinition } from './language-definition.ts';
import { czechNegation } from './cs-negation.ts';
import { foldedCzechStemmer } from './cs-stemmer.ts';
import { stopwordSet } from './stopword-set.ts';

/** Czech number words in their common cases (nominative, genitive, locative, instrumental). */
const valueForms: [number, string[]][] = [
  [0, ['nula', 'nuly', 'nule', 'nulou']],
  [1, ['jedna', 'jeden', 'jedno', 'jednu', 'jednoho', 'jedné', 'jednom', 'jedním', 'jednou']],
  [2, ['dva', 'dvě', 'dvou', 'dvěma']],
  [3, ['tři', 'tří', 'třech', 'třem', 'třemi']],
  [4, ['čtyři', 'čtyř', 'čtyřech', 'čtyřem', 'čtyřmi']],
  [5, ['pět', 'pěti']],
  [6, ['šest', 'šesti']],
  [7, ['sedm', 'sedmi']],
  [8, ['osm', 'osmi']],
  [9, ['devět', 'devíti']],
  [10, ['deset', 'deseti']],
  [11, ['jedenáct', 'jedenácti']],
  [12, ['dvanáct', 'dvanácti']],
  [13, ['třináct', 'třinácti']],
  [14, ['čtrnáct', 'čtrnácti']],
  [15, ['patnáct', 'patnácti']],
  [16, ['šestnáct', 'šestnácti']],
  [17, ['sedmnáct', 'sedmnácti']],
  [18, ['osmnáct', 'osmnácti']],
  [19, ['devatenáct', 'devatenácti']],
  [20, ['dvacet', 'dvaceti']],
  [30, ['třicet', 'třiceti']],
  [40, ['čtyřicet', 'čtyřiceti']],
  [50, ['padesát', 'padesáti']],
  [60, ['šedesát', 'šedesáti']],
  [70, ['sedmdesát', 'sedmdesáti']],
  [80, ['osmdesát', 'osmdesáti']],
  [90, ['devadesát', 'devadesáti']],
  [100, ['sto', 'sta', 'stě', 'set', 'stech']],
  [200, ['dvěstě']],
];
const multiplierForms: [number, string[]][] = [
  [1_000, ['tisíc', 'tisíce', 'tisíci', 'tisícem']],
  [1_000_000, ['milion', 'miliony', 'milionů', 'milión', 'milióny', 'miliónů']],
  [1_000_000_000, ['miliarda', 'miliardy', 'miliard']],
];

/** Registers each form with and without diacritics, so "tri" and "tři" both read 3. */
function formsMap(entries: [number, string[]][]): Map<string, number> {
  const map = new Map<string, number>();
  for (const [value, forms] of entries) {
    for (const form of forms) {
      map.set(form, value);
      map.set(form.normalize('NFD').replace(/\p{M}+/gu, ''), value);
    }
  }
  return map;
}

const values = formsMap(valueForms);
// "sto/sta/stě/set" are hundreds that multiply the preceding unit ("pět set" = 500), handled as multipliers.
const multipliers = formsMap(multiplierForms);
for (const form of ['sto', 'sta', 'stě', 'ste', 'set', 'stech']) {
  values.delete(form);
  multipliers.set(form, 100);
}

export const czech: LanguageDefinition = {
  code: 'cs',
  name: 'Čeština',
  stopwords: stopwordSet('cs'),
  stem: foldedCzechStemmer,
  numberWords: { values, multipliers, joiners: new Set(['a']) },
  negation: czechNegation,
};
