import { describe, expect, it } from 'vitest';
import { isNegatedTemplate, negateTemplate, toggleTemplateNegation, unnegateTemplate } from '../../server/nlu/index.ts';

/** [affirmative, negated]: negate turns the first into the second, un-negate the second into the first. */
const english: [string, string][] = [
  ['I want to pay', "I don't want to pay"],
  ['I need help', "I don't need help"],
  ['I like it', "I don't like it"],
  ['we want a refund', "we don't want a refund"],
  ['they know my address', "they don't know my address"],
  ['you understand me', "you don't understand me"],
  ['he wants to cancel', "he doesn't want to cancel"],
  ['she pays by card', "she doesn't pay by card"],
  ['it works', "it doesn't work"],
  ['it tries to connect', "it doesn't try to connect"],
  ['I can pay now', "I can't pay now"],
  ['I could come tomorrow', "I couldn't come tomorrow"],
  ['I will pay later', "I won't pay later"],
  ['I would like a new card', "I wouldn't like a new card"],
  ['I should cancel it', "I shouldn't cancel it"],
  ['the card is blocked', "the card isn't blocked"],
  ['the payments are late', "the payments aren't late"],
  ['it was delivered', "it wasn't delivered"],
  ['they were helpful', "they weren't helpful"],
  ['I am happy', 'I am not happy'],
  ["I'm interested", "I'm not interested"],
  ['we will come', "we won't come"],
  ['it would help', "it wouldn't help"],
  ['I have a question', "I don't have a question"],
  ['he has an account', "he doesn't have an account"],
  ['I have been charged twice', "I haven't been charged twice"],
  ['I did pay', "I didn't pay"],
  ['call me later', "don't call me later"],
  ['Send me the invoice', "Don't send me the invoice"],
  ['please cancel my order', "please don't cancel my order"],
  ['can you help me', "can't you help me"],
  ['I want to pay with @card', "I don't want to pay with @card"],
  ['I may come', 'I may not come'],
  ['I really want it', "I don't really want it"],
];

const czech: [string, string][] = [
  ['chci platit', 'nechci platit'],
  ['Chci zaplatit fakturu', 'Nechci zaplatit fakturu'],
  ['můžu', 'nemůžu'],
  ['můžu zaplatit kartou', 'nemůžu zaplatit kartou'],
  ['mohu přijít zítra', 'nemohu přijít zítra'],
  ['mám zájem', 'nemám zájem'],
  ['máme čas', 'nemáme čas'],
  ['potřebuju pomoc', 'nepotřebuju pomoc'],
  ['potřebuji novou kartu', 'nepotřebuji novou kartu'],
  ['musím to zaplatit', 'nemusím to zaplatit'],
  ['jsem spokojený', 'nejsem spokojený'],
  ['jsme doma', 'nejsme doma'],
  ['to je pravda', 'to není pravda'],
  ['Je to drahé', 'Není to drahé'],
  ['jsou otevřené', 'nejsou otevřené'],
  ['budu platit kartou', 'nebudu platit kartou'],
  ['bude to fungovat', 'nebude to fungovat'],
  ['chtěl bych hypotéku', 'nechtěl bych hypotéku'],
  ['chtěla bych novou kartu', 'nechtěla bych novou kartu'],
  ['zaplatil jsem fakturu', 'nezaplatil jsem fakturu'],
  ['jsem zaplatil fakturu', 'jsem nezaplatil fakturu'],
  ['vím, kde to je', 'nevím, kde to je'],
  ['rozumím vám', 'nerozumím vám'],
  ['souhlasím s podmínkami', 'nesouhlasím s podmínkami'],
  ['aplikace funguje', 'aplikace nefunguje'],
  ['líbí se mi to', 'nelíbí se mi to'],
  ['chceme zrušit účet', 'nechceme zrušit účet'],
  ['chci mluvit s operátorem', 'nechci mluvit s operátorem'],
  ['chci zaplatit @castka korun', 'nechci zaplatit @castka korun'],
  ['muzu platit', 'nemuzu platit'],
  ['chci platit kartou', 'nechci platit kartou'],
  ['karta mi přišla', 'karta mi nepřišla'],
];

describe('English contractions (one way: the negation writes the auxiliary out)', () => {
  it.each([
    ["I'll call you", "I won't call you", 'I will call you'],
    ["I'd like to talk", "I wouldn't like to talk", 'I would like to talk'],
    ['I do agree', "I don't agree", 'I agree'],
  ])('%s', (affirmative, negated, back) => {
    expect(negateTemplate(affirmative, 'en')).toBe(negated);
    expect(unnegateTemplate(negated, 'en')).toBe(back);
  });
});

describe.each([
  ['en', english],
  ['cs', czech],
])('negation in %s', (language, pairs) => {
  it('has at least 30 pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30);
  });

  it.each(pairs)('negates "%s"', (affirmative, negated) => {
    expect(negateTemplate(affirmative, language)).toBe(negated);
    expect(isNegatedTemplate(negated, language)).toBe(true);
    expect(isNegatedTemplate(affirmative, language)).toBe(false);
  });

  it.each(pairs)('un-negates back to "%s"', (affirmative, negated) => {
    expect(unnegateTemplate(negated, language)).toBe(affirmative);
  });

  it.each(pairs)('toggles "%s" both ways', (affirmative, negated) => {
    expect(toggleTemplateNegation(affirmative, language)).toBe(negated);
    expect(toggleTemplateNegation(negated, language)).toBe(affirmative);
  });

  it('leaves negated text unchanged when negating, and affirmative text when un-negating', () => {
    for (const [affirmative, negated] of pairs.slice(0, 5)) {
      expect(negateTemplate(negated, language)).toBe(negated);
      expect(unnegateTemplate(affirmative, language)).toBe(affirmative);
    }
  });
});
