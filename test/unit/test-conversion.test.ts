import { describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import {
  conversationToSteps,
  TEST_NAME_DUPLICATE,
  TEST_NAME_EMPTY,
  testNameError,
} from '../../src/machines/chat/testConversion.ts';

let clock = 0;
const entry = (type: TrackerEntry['type'], value: string | null, args: Record<string, unknown> = {}): TrackerEntry => ({
  type,
  value,
  args,
  timestamp: clock++,
});

const conversation: TrackerEntry[] = [
  // The opening turn (no user message yet) is not a step.
  entry('reaction', 'welcome', { id: 1 }),
  entry('utter', 'Welcome!', { who: 'bot' }),
  entry('utter', 'when are you open', { who: 'user' }),
  entry('intent', 'opening_hours', { confidence: 0.93 }),
  entry('reaction', 'opening_hours', { id: 7 }),
  entry('utter', 'We are open every day.', { who: 'bot' }),
  entry('log', 'debug line', {}),
  entry('utter', 'I want a pizza', { who: 'user' }),
  entry('reaction', 'order', { id: 3 }),
  entry('action', 'date_picker', {}),
  entry('reaction', 'upsell', { id: 4 }),
  entry('action', 'buttons', {}),
  entry('utter', 'photo.png', { who: 'user', attachment: true }),
];

describe('conversation to test steps', () => {
  it('makes a step per user message with its reactions and actions (bot utterances are the utter action)', () => {
    expect(conversationToSteps(conversation)).toEqual([
      { input: 'when are you open', reactions: [7], condition: '', actions: ['utter'] },
      // At most one reaction per step by default: the second reaction and its actions are left out.
      { input: 'I want a pizza', reactions: [3], condition: '', actions: ['date_picker'] },
    ]);
  });

  it('keeps more reactions per step when asked', () => {
    expect(conversationToSteps(conversation, 2)[1]).toEqual({
      input: 'I want a pizza',
      reactions: [3, 4],
      condition: '',
      actions: ['date_picker', 'buttons'],
    });
  });

  it('validates the name: required and unique (case-insensitive)', () => {
    expect(testNameError('  ', ['a'])).toBe(TEST_NAME_EMPTY);
    expect(testNameError('Order_Pizza', ['order_pizza'])).toBe(TEST_NAME_DUPLICATE);
    expect(testNameError('opening_hours', ['order_pizza'])).toBeNull();
  });
});
