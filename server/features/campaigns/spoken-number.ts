/**
 * A button's number said instead of keyed ("two", "option two", "číslo dvě"): a recognizer writes a lone number as a
 * word as often as a digit. English and Czech, the bot languages of this console; 1 to 9, as the call's buttons are
 * numbered (CALL_BUTTONS).
 */
const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  jedna: '1',
  jedno: '1',
  jeden: '1',
  jednička: '1',
  dva: '2',
  dvě: '2',
  dvojka: '2',
  tři: '3',
  trojka: '3',
  čtyři: '4',
  čtyřka: '4',
  pět: '5',
  pětka: '5',
  šest: '6',
  šestka: '6',
  sedm: '7',
  sedmička: '7',
  osm: '8',
  osmička: '8',
  devět: '9',
  devítka: '9',
};

/** Words that may come before the number: "number two", "option 2", "press two", "číslo dvě", "volba jedna". */
const LEAD_WORDS = new Set(['number', 'option', 'press', 'choice', 'číslo', 'volba', 'možnost']);

/**
 * The digit (1–9) a spoken answer names, or null when it names none. `said` is already in spoken form (lower case,
 * no punctuation, single spaces).
 */
export function spokenButtonNumber(said: string): string | null {
  const words = said.split(' ').filter(Boolean);
  if (words.length === 2 && LEAD_WORDS.has(words[0]!)) words.shift();
  if (words.length !== 1) return null;
  const word = words[0]!;
  if (/^[1-9]$/.test(word)) return word;
  return NUMBER_WORDS[word] ?? null;
}
