import { foldDiacritics } from '../normalize.ts';
import { templateWordTokens as tokenize } from '../template-tokens.ts';
import type { Token } from '../normalize.ts';
import type { Negation } from './language-definition.ts';
import { isCapitalized, replaceRange } from './text-edit.ts';

/**
 * Czech negates the verb with the prefix "ne-" ("chci" -> "nechci", "můžu" -> "nemůžu"); "je" is the
 * exception ("není"). The rules find the first verb: a known common form, else a finite or infinitive
 * ending. Past tense negates the participle, not the auxiliary ("jsem zaplatil" -> "jsem nezaplatil").
 */
const COMMON_VERBS = [
  'chci',
  'chceš',
  'chce',
  'chceme',
  'chcete',
  'chtějí',
  'chtěl',
  'chtěla',
  'chtěli',
  'chtělo',
  'chtít',
  'můžu',
  'mohu',
  'můžeš',
  'může',
  'můžeme',
  'můžete',
  'mohou',
  'můžou',
  'mohl',
  'mohla',
  'mohli',
  'moct',
  'moci',
  'mám',
  'máš',
  'má',
  'máme',
  'máte',
  'mají',
  'měl',
  'měla',
  'měli',
  'mít',
  'musím',
  'musíš',
  'musí',
  'musíme',
  'musíte',
  'musel',
  'musela',
  'museli',
  'potřebuju',
  'potřebuji',
  'potřebuješ',
  'potřebuje',
  'potřebujeme',
  'potřebujete',
  'potřebují',
  'jsem',
  'jsi',
  'jsme',
  'jste',
  'jsou',
  'byl',
  'byla',
  'bylo',
  'byli',
  'být',
  'budu',
  'budeš',
  'bude',
  'budeme',
  'budete',
  'budou',
  'jdu',
  'jde',
  'jdeme',
  'jdou',
  'půjdu',
  'vím',
  'víš',
  'ví',
  'víme',
  'víte',
  'vědí',
  'rozumím',
  'rozumíte',
  'umím',
  'umíte',
  'smím',
  'dá',
  'dám',
  'dej',
  'dejte',
  'jde',
  'funguje',
  'fungují',
  'líbí',
  'stačí',
  'zajímá',
  'zajímají',
  'platí',
  'souhlasím',
  'souhlasíte',
  'volám',
  'volej',
  'volejte',
];
const KNOWN = new Set(COMMON_VERBS.map(foldDiacritics));
const AUXILIARY = new Set(['jsem', 'jsi', 'jsme', 'jste', 'bych', 'bys', 'by', 'bychom', 'byste']);
/** Words that start with "ne" but are not negated verbs. */
const NOT_NEGATIONS = new Set(['nechat', 'nechal', 'nechala', 'nechali', 'nechte', 'nech', 'necham', 'nesu', 'nest']);
const FINITE = /(im|is|ime|ite|am|as|ame|ate|aji|uju|uji|ujes|uje|ujeme|ujete|uji|eme|ete|ejte|ujte|ete)$/;
const INFINITIVE = /(it|at|et|ovat|nout|out|yt)$/;
const PARTICIPLE = /l[aoiy]?$/;
const STOPWORDS_NOT_VERBS = new Set([
  'kde',
  'kdy',
  'jak',
  'co',
  'proc',
  'kam',
  'ale',
  'tak',
  'taky',
  'uz',
  'jeste',
  'prosim',
  'dekuji',
  'dekuju',
  'dobry',
  'den',
  'ahoj',
]);

function looksLikeVerb(folded: string, allowGuess: boolean): boolean {
  if (KNOWN.has(folded)) return true;
  if (!allowGuess || folded.length < 4 || STOPWORDS_NOT_VERBS.has(folded)) return false;
  return FINITE.test(folded) || INFINITIVE.test(folded);
}

function isParticiple(folded: string): boolean {
  return folded.length > 3 && PARTICIPLE.test(folded) && !STOPWORDS_NOT_VERBS.has(folded);
}

function negatedToken(token: Token): string {
  if (token.norm === 'je') return isCapitalized(token.text) ? 'Není' : 'není';
  if (isCapitalized(token.text) && token.text !== token.text.toUpperCase()) {
    return `Ne${token.text.charAt(0).toLowerCase()}${token.text.slice(1)}`;
  }
  return token.text === token.text.toUpperCase() && token.text.length > 1 ? `NE${token.text}` : `ne${token.text}`;
}

function findVerb(tokens: Token[]): Token | undefined {
  // Known forms first: they are certain; endings are a guess made only when nothing is known.
  for (let pass = 0; pass < 3; pass++) {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.norm === 'je' && pass === 0) return token;
      // Pass 2: past participles ("karta mi přišla" -> "nepřišla").
      if (pass === 2 ? !isParticiple(token.norm) : !looksLikeVerb(token.norm, pass === 1)) continue;
      if (AUXILIARY.has(token.norm)) {
        // Past tense and conditional: the participle carries the negation.
        const participle = [tokens[i + 1], tokens[i - 1], tokens[i + 2]].find((t) => t && isParticiple(t.norm));
        if (participle) return participle;
      }
      return token;
    }
  }
  return undefined;
}

/** The negated verb token, if any: "nechci", "nemůžu", "není". */
function findNegatedVerb(tokens: Token[]): Token | undefined {
  return tokens.find((token) => {
    if (token.norm === 'neni') return true;
    if (!token.norm.startsWith('ne') || NOT_NEGATIONS.has(token.norm)) return false;
    const rest = token.norm.slice(2);
    return looksLikeVerb(rest, true) || isParticiple(rest);
  });
}

function negate(text: string): string {
  const tokens = tokenize(text, 'cs');
  if (findNegatedVerb(tokens)) return text;
  const verb = findVerb(tokens) ?? tokens[0];
  if (!verb) return text;
  return replaceRange(text, verb.start, verb.end, negatedToken(verb));
}

function unnegate(text: string): string {
  const tokens = tokenize(text, 'cs');
  const verb = findNegatedVerb(tokens);
  if (!verb) return text;
  if (verb.norm === 'neni') return replaceRange(text, verb.start, verb.end, isCapitalized(verb.text) ? 'Je' : 'je');
  const rest = verb.text.slice(2);
  const restored = isCapitalized(verb.text) ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest;
  return replaceRange(text, verb.start, verb.end, restored);
}

export const czechNegation: Negation = {
  negate,
  unnegate,
  isNegated: (text) => {
    const tokens = tokenize(text, 'cs');
    return tokens.some((t) => t.norm === 'ne' || t.norm === 'nikdy') || findNegatedVerb(tokens) !== undefined;
  },
};
