import type { IntentsPatch } from '../intentsList/events.ts';

export type PolarityEvent =
  /** The polarity switch turned on: a '[NEG]' twin is created and expanded. */
  | { type: 'polarity.enable'; intentId: number }
  /** The switch turned off: asks, then deletes the twin. */
  | { type: 'polarity.disable'; intentId: number }
  | { type: 'polarity.confirm' }
  | { type: 'polarity.cancel' }
  /** Typing the negative template of 'Add Both'. */
  | { type: 'addBoth.type'; intentId: number; value: string }
  /** Correcting the generated positive template. */
  | { type: 'addBoth.positive'; value: string }
  | { type: 'addBoth.submit' }
  | { type: 'addBoth.cancel' };

export type PolarityEmitted = { type: 'intents.patch'; patch: IntentsPatch };
