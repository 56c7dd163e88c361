import { Grid, Stack } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedKnowledgeScreenMachine } from '../../console/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { RouteEntry } from '../routes.tsx';
import { EntriesPanel } from './EntriesPanel.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { QuestionBox } from './QuestionBox.tsx';
import { ReindexPanel } from './ReindexPanel.tsx';

/** The knowledge base of one project: its charts live as long as the project stays. */
function KnowledgeBase({ route, canEdit }: { route: RouteEntry; canEdit: boolean }) {
  const screen = useActorRef(providedKnowledgeScreenMachine);
  // The screen's charts never change after it starts: their refs are read once.
  const { entries, importer, reindex, question } = screen.getSnapshot().context;
  return (
    <Stack gap="md" data-testid="knowledge-screen">
      <PageHeader icon={route.icon} title="Knowledge base" description={route.purpose} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <EntriesPanel actor={entries} canEdit={canEdit} tools={canEdit ? <ImportDialog actor={importer} /> : null} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ReindexPanel actor={reindex} canReindex={canEdit} />
            <QuestionBox actor={question} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /app/knowledge (spec 2 §2 "Knowledge base", issue 16): entries, import, reindex and "try a question". */
export default function KnowledgeScreen({ route }: { route: RouteEntry }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <KnowledgeBase key={projectId ?? 'none'} route={route} canEdit={can(user, 'PUT', '/knowledges/{id}', projectId)} />
  );
}
