/** Sentences and passages: an entry's text is split at sentence boundaries into passages of about 80–200 words. */

export const PASSAGE_MIN_WORDS = 80;
export const PASSAGE_MAX_WORDS = 200;

const sentenceSegmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(language: string): Intl.Segmenter {
  let segmenter = sentenceSegmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    sentenceSegmenters.set(language, segmenter);
  }
  return segmenter;
}

/** The sentences of a text (Unicode sentence boundaries), trimmed, empty ones dropped. */
export function splitSentences(text: string, language: string): string[] {
  const sentences: string[] = [];
  for (const part of sentenceSegmenter(language).segment(text)) {
    const sentence = part.segment.trim();
    if (sentence !== '') sentences.push(sentence);
  }
  return sentences;
}

function wordCount(text: string): number {
  const words = text.split(/\s+/);
  return words.length - (words[0] === '' ? 1 : 0) - (words.length > 1 && words[words.length - 1] === '' ? 1 : 0);
}

/** A sentence longer than the maximum, cut into pieces of at most PASSAGE_MAX_WORDS words. */
function cutLongSentence(sentence: string): string[] {
  const words = sentence.split(/\s+/).filter((w) => w !== '');
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += PASSAGE_MAX_WORDS)
    pieces.push(words.slice(i, i + PASSAGE_MAX_WORDS).join(' '));
  return pieces;
}

/**
 * Whole sentences are gathered into passages of about equal length: a text of up to PASSAGE_MAX_WORDS words
 * stays one passage; a longer one is cut into the fewest passages that keep under the maximum, each filled
 * to its share of the words (so a 260-word text gives two of about 130, not 200 and 60). A sentence longer
 * than the maximum is cut by words.
 */
export function splitPassages(text: string, language: string): string[] {
  const pieces: { text: string; words: number }[] = [];
  for (const sentence of splitSentences(text, language)) {
    for (const piece of wordCount(sentence) > PASSAGE_MAX_WORDS ? cutLongSentence(sentence) : [sentence]) {
      pieces.push({ text: piece, words: wordCount(piece) });
    }
  }
  const total = pieces.reduce((sum, piece) => sum + piece.words, 0);
  const target = Math.max(PASSAGE_MIN_WORDS, total / Math.max(1, Math.ceil(total / PASSAGE_MAX_WORDS)));
  const passages: string[] = [];
  let current: string[] = [];
  let currentWords = 0;
  let seen = 0;
  for (const piece of pieces) {
    if (currentWords > 0 && currentWords + piece.words > PASSAGE_MAX_WORDS) {
      passages.push(current.join(' '));
      current = [];
      currentWords = 0;
    }
    current.push(piece.text);
    currentWords += piece.words;
    seen += piece.words;
    // Close at the target unless what is left would be a fragment that fits here.
    const rest = total - seen;
    if (
      currentWords >= target &&
      !(rest > 0 && rest < PASSAGE_MIN_WORDS / 2 && currentWords + rest <= PASSAGE_MAX_WORDS)
    ) {
      passages.push(current.join(' '));
      current = [];
      currentWords = 0;
    }
  }
  if (current.length > 0) passages.push(current.join(' '));
  return passages;
}
