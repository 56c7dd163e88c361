import { useActorRef } from '@xstate/react';
import { providedEmailReportsMachine } from '../../machines/emailReports/provide.ts';
import { EmailReportsView } from './EmailReportsView.tsx';

/** /app/email-reports: the project's email reports (issue 37 §2). */
export default function EmailReportsScreen() {
  const actor = useActorRef(providedEmailReportsMachine);
  return <EmailReportsView actor={actor} />;
}
