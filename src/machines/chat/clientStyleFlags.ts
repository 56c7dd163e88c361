/**
 * The chat's flags read from the project's `chatbot_client_scss` (spec 1 §3, §9): the style text also
 * carries three switches, written as SCSS variables or CSS custom properties, e.g.
 *   $persistent-timeouts: true;   --read-utterances: yes;   $read-speed: 1.5;
 */
export interface ChatFlags {
  /** Timeout timers survive the user's next message (otherwise a message cancels them). */
  persistentTimeouts: boolean;
  /** Bot messages get a read-aloud button. */
  readUtterances: boolean;
  /** Speech speed of read-aloud, 0.25–4; default 1. */
  readSpeed: number;
}

export const DEFAULT_CHAT_FLAGS: ChatFlags = { persistentTimeouts: false, readUtterances: false, readSpeed: 1 };

const flagValue = (style: string, name: string): string | null => {
  const match = new RegExp(`(?:\\$|--)${name}\\s*:\\s*([^;\\n]+)`, 'i').exec(style);
  return match
    ? match[1]
        .trim()
        .replace(/^["']|["']$/g, '')
        .replace(/\s*!default$/i, '')
    : null;
};
const isOn = (value: string | null): boolean =>
  value !== null && ['true', 'yes', '1', 'on'].includes(value.toLowerCase());

export function readChatFlags(style: string | null | undefined): ChatFlags {
  const text = style ?? '';
  const speed = Number.parseFloat(flagValue(text, 'read-speed') ?? '');
  return {
    persistentTimeouts: isOn(flagValue(text, 'persistent-timeouts')),
    readUtterances: isOn(flagValue(text, 'read-utterances')),
    readSpeed: Number.isFinite(speed) && speed >= 0.25 && speed <= 4 ? speed : DEFAULT_CHAT_FLAGS.readSpeed,
  };
}
