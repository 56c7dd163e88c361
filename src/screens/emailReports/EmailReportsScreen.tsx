import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedEmailReportsMachine } from '../../machines/emailReports/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { EmailReportsView } from './EmailReportsView.tsx';

function EmailReports({ projectId }: { projectId: number | null }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const actor = useActorRef(providedEmailReportsMachine);
  return <EmailReportsView actor={actor} canEdit={can(user, 'PUT', '/email-reports', projectId)} />;
}

/** /app/email-reports: the project's email reports (issue 37 §2), loaded afresh for each project. */
export default function EmailReportsScreen() {
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <EmailReports key={projectId ?? 'none'} projectId={projectId} />;
}
