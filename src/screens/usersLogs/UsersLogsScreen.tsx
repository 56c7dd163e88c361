import { useActorRef } from '@xstate/react';
import { providedUsersLogsMachine } from '../../machines/usersLogs/provide.ts';
import { UsersLogsView } from './UsersLogsView.tsx';

/** /app/users-logs: what users did in the last 2 months (spec 1 §2); read-only. */
export default function UsersLogsScreen() {
  const actor = useActorRef(providedUsersLogsMachine);
  return <UsersLogsView actor={actor} />;
}
