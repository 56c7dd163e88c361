import { fromCallback } from 'xstate';
import type { TimerCommand, TimerEvent } from './actors.ts';

/** The real timeout timers (one per reaction): `timers.start` (re)starts one, `timers.clear` cancels one or all. */
export const browserTimeoutTimers = fromCallback<TimerCommand, void, TimerEvent>(({ sendBack, receive }) => {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = (reaction: string) => {
    clearTimeout(timers.get(reaction));
    timers.delete(reaction);
  };
  receive((command) => {
    if (command.type === 'timers.start') {
      clear(command.reaction);
      timers.set(
        command.reaction,
        setTimeout(() => {
          timers.delete(command.reaction);
          sendBack({ type: 'timeout.elapsed', reaction: command.reaction });
        }, command.seconds * 1000),
      );
    } else if (command.reaction === null) for (const reaction of [...timers.keys()]) clear(reaction);
    else clear(command.reaction);
  });
  return () => {
    for (const reaction of [...timers.keys()]) clear(reaction);
  };
});
