import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';

// Length and guessability only, no composition rules (ASVS 6.2.x); zxcvbn's dictionaries hold the common
// and breached-looking passwords, and the user's own name and email are added as inputs to refuse.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

export interface PasswordVerdict {
  status: 'ok' | 'error';
  msg: string;
}

export function judgePassword(passwd: string, user: { email?: string; name?: string }): PasswordVerdict {
  if (passwd.length === 0) return { status: 'error', msg: 'No password provided.' };
  if ([...passwd].length < PASSWORD_MIN)
    return { status: 'error', msg: `Password must have at least ${PASSWORD_MIN} characters.` };
  if ([...passwd].length > PASSWORD_MAX)
    return { status: 'error', msg: `Password can have at most ${PASSWORD_MAX} characters.` };
  const lower = passwd.toLowerCase();
  const email = (user.email ?? '').toLowerCase();
  const parts = [email, email.split('@')[0] ?? '', ...(user.name ?? '').toLowerCase().split(/\s+/)].filter(
    (p) => p.length >= 3,
  );
  if (parts.some((p) => lower.includes(p)))
    return { status: 'error', msg: 'Password must not contain your name or email.' };
  const result = zxcvbn.check(passwd, parts);
  if (result.score < 3) {
    const hint = result.feedback.warning ? ` ${result.feedback.warning}` : '';
    return { status: 'error', msg: `Password is too easy to guess.${hint}` };
  }
  return { status: 'ok', msg: 'Password is strong enough.' };
}
