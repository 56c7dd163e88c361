import { useActorRef } from '@xstate/react';
import type { ProjectEnv } from '../../api/contract/common.ts';
import { openLogsFiltered } from '../../machines/conversationLogs/address.ts';
import { openFallbackOn } from '../../machines/fallbackClassification/address.ts';
import { providedDashboardMachine } from '../../machines/dashboard/provide.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { todayIn } from '../../machines/dashboard/period.ts';
import { DashboardStatsView } from './DashboardStatsView.tsx';

/** The browser's time zone: days and hours of the statistics are the user's own. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Runs the dashboard chart for the environments the user may see; charts link to the logs of the same filter. */
export function DashboardStats({ envs, canChat }: { envs: ProjectEnv[]; canChat: boolean }) {
  const tz = browserTimeZone();
  const actor = useActorRef(providedDashboardMachine, { input: { envs, tz, today: todayIn(tz) } });
  const commands = ConsoleCommandsActor.useActorRef();
  const env = actor.getSnapshot().context.env;
  return (
    <DashboardStatsView
      actor={actor}
      links={{
        openLogs: (filter) => openLogsFiltered({ ...filter, env: actor.getSnapshot().context.env ?? env }),
        openFallbacks: openFallbackOn,
      }}
      onTalkToBot={canChat ? () => commands.send({ type: 'chat.open.request' }) : undefined}
    />
  );
}
