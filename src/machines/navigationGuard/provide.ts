import { leaveTo } from '../../console/navigation.ts';
import { showNotice } from '../../console/notices.ts';
import { navigationGuardMachine } from './machine.ts';

export const SAVE_IMPOSSIBLE = 'The changes cannot be saved as they are: correct them on the page, or discard them.';

export const providedNavigationGuardMachine = navigationGuardMachine.provide({
  actions: {
    navigate: (_, params) => leaveTo(params.to, params.replace),
    notifySaveImpossible: () => showNotice({ title: 'Not saved', message: SAVE_IMPOSSIBLE, color: 'red' }),
  },
});
