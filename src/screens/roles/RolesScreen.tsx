import { useActorRef } from '@xstate/react';
import { providedRoleEditingMachine, takeSelectedRoleId } from '../../console/provide.ts';
import { RolesView } from './RolesView.tsx';

/** /app/roles: runs the role-editing machine with its real side effects and shows it. */
export default function RolesScreen() {
  const actor = useActorRef(providedRoleEditingMachine, { input: { selectedRoleId: takeSelectedRoleId() } });
  return <RolesView actor={actor} />;
}
