import { assign, setup } from 'xstate';
import { targetOf } from './actions.ts';
import type { MenuModeEvent } from './events.ts';
import { isMenuLetter } from './guards.ts';
import type { MenuModeContext } from './types.ts';

/** Ctrl+G then a letter opens a screen; the mode expires after 3 s (spec 1 §2, §9); Esc leaves it. */
export const menuModeMachine = setup({
  types: {
    context: {} as MenuModeContext,
    events: {} as MenuModeEvent,
    input: {} as { targets?: Record<string, string> },
  },
  delays: { menuModeExpiry: 3000 },
  guards: { isMenuLetter },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    setTargets: assign({
      targets: ({ context, event }) => (event.type === 'menu.targets' ? event.targets : context.targets),
    }),
  },
}).createMachine({
  id: 'menuMode',
  description: 'Ctrl+G then a letter opens a screen; the mode expires after 3 s and Esc leaves it.',
  context: ({ input }) => ({ targets: input.targets ?? {} }),
  initial: 'idle',
  on: { 'menu.targets': { actions: 'setTargets' } },
  states: {
    idle: {
      description: 'Keys act normally; Ctrl+G enters the menu mode.',
      on: { 'menu.enter': 'active' },
    },
    active: {
      description: 'Waiting up to 3 s for a letter that names a screen.',
      tags: ['menuMode'],
      after: { menuModeExpiry: 'idle' },
      on: {
        // A letter that names no permitted screen is ignored; the mode waits for another until it expires.
        'menu.key': {
          guard: 'isMenuLetter',
          target: 'idle',
          actions: { type: 'navigate', params: ({ context, event }) => ({ to: targetOf(context, event) }) },
        },
        'menu.exit': 'idle',
        'menu.enter': { target: 'active', reenter: true },
      },
    },
  },
});
