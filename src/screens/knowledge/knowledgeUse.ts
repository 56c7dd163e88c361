/** Issue 33: whether the bot answers from this knowledge base (the Settings switch `knowledge_fallback`). */
export const KNOWLEDGE_USED =
  'The bot answers from this knowledge base when no intent clears the confidence threshold, and when a recognised intent has no reaction.';
export const KNOWLEDGE_NOT_USED = 'The bot does not use this knowledge base:';
export const KNOWLEDGE_SWITCH_LABEL = 'Answer from the knowledge base';
