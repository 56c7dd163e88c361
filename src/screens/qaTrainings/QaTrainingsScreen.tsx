import { Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import type { QaEvaluationResult } from '../../api/contract/qa-trainings.ts';
import { can } from '../../api/permissions.ts';
import { providedQaTrainingsScreenMachine } from '../../machines/qaTrainingsScreen/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { RouteEntry } from '../routes.tsx';
import { EvaluationPanel } from './EvaluationPanel.tsx';
import { QUESTION_PARAM } from './questionLink.ts';
import { TrainingsPanel } from './TrainingsPanel.tsx';

function QaTrainings({ route, canEdit }: { route: RouteEntry; canEdit: boolean }) {
  const screen = useActorRef(providedQaTrainingsScreenMachine);
  const { trainings, evaluation } = screen.getSnapshot().context;
  const result = useSelector(evaluation, (s) => (s.context.answer?.detail ?? null) as QaEvaluationResult | null);
  const results = useMemo(() => new Map((result?.questions ?? []).map((q) => [q.qa_training_id, q])), [result]);

  // Sent once the list is ready: the machine takes training.add only then.
  const question = new URLSearchParams(useSearch()).get(QUESTION_PARAM);
  const ready = useSelector(trainings, (s) => s.matches({ ready: 'idle' }));
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!question || !ready || !canEdit || handled.current === question) return;
    handled.current = question;
    trainings.send({ type: 'training.add', question });
  }, [question, ready, canEdit, trainings]);

  return (
    <Stack gap="md" data-testid="qa-trainings-screen">
      <PageHeader icon={route.icon} title="QA trainings" description={route.purpose} />
      <EvaluationPanel actor={evaluation} canEvaluate={canEdit} />
      <TrainingsPanel actor={trainings} canEdit={canEdit} results={results} />
    </Stack>
  );
}

/** /app/qa-trainings (issue 16 item 4): questions, their expected entries, and the evaluation. */
export default function QaTrainingsScreen({ route }: { route: RouteEntry }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <QaTrainings key={projectId ?? 'none'} route={route} canEdit={can(user, 'PUT', '/qa-trainings/{id}', projectId)} />
  );
}
