// The chat input's limit (issue 33): the counter near the contract's CHAT_MESSAGE_MAX, the refusal's words.
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '../../src/api/contract/chat.ts';
import { CHAT_COUNTER_FROM, messageLength, messageTooLong } from '../../src/machines/chat/messageLength.ts';

describe('chat message length', () => {
  it('shows no counter well below the limit', () => {
    expect(messageLength('hello')).toEqual({ length: 5, over: false, counter: null });
    expect(messageLength('x'.repeat(CHAT_COUNTER_FROM - 1)).counter).toBeNull();
  });

  it('counts near the limit, and the limit itself is allowed', () => {
    expect(CHAT_MESSAGE_MAX).toBe(2000);
    expect(messageLength('x'.repeat(CHAT_COUNTER_FROM)).counter).toBe('1,800 / 2,000');
    expect(messageLength('x'.repeat(CHAT_MESSAGE_MAX))).toEqual({
      length: 2000,
      over: false,
      counter: '2,000 / 2,000',
    });
  });

  it('is over one character past the limit, counting as the server does (trimmed)', () => {
    expect(messageLength('x'.repeat(CHAT_MESSAGE_MAX + 1)).over).toBe(true);
    expect(messageLength(`  ${'x'.repeat(CHAT_MESSAGE_MAX)}  `).over).toBe(false);
  });

  it('the refusal names the length and the limit', () => {
    expect(messageTooLong(12_000)).toBe(
      'This message has 12,000 characters; a message can have at most 2,000. Shorten it to send it.',
    );
  });
});
