import { menuModeMachine } from './machine.ts';
import { navigateTo } from '../../console/navigation.ts';

export const providedMenuModeMachine = menuModeMachine.provide({
  actions: { navigate: (_, params) => navigateTo(params.to) },
});
