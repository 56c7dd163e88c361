import { Grid, Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { can } from '../../api/permissions.ts';
import { providedKnowledgeScreenMachine } from '../../machines/knowledgeScreen/provide.ts';
import { linkedId } from '../../machines/commandPalette/deepLinks.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { RouteEntry } from '../routes.tsx';
import { EntriesPanel } from './EntriesPanel.tsx';
import { KnowledgeUseAlert } from './KnowledgeUseAlert.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { QuestionBox } from './QuestionBox.tsx';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { ReindexPanel } from './ReindexPanel.tsx';

/** The knowledge base of one project: its charts live as long as the project stays. */
function KnowledgeBase({ route, canEdit }: { route: RouteEntry; canEdit: boolean }) {
  const screen = useActorRef(providedKnowledgeScreenMachine);
  // The screen's charts never change after it starts: their refs are read once.
  const { entries, importer, reindex, question } = screen.getSnapshot().context;

  // ?knowledge_id=N (the command palette, a shared link): once the list is there, that entry opens in the dialog,
  // or, for a reader, the list is searched for it.
  useUnsavedDraft(entries, 'knowledge entry', { type: 'form.submit' });
  const linked = linkedId('knowledge', useSearch());
  const ready = useSelector(entries, (s) => s.matches({ ready: 'idle' }));
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (linked === null || !ready || handled.current === linked) return;
    handled.current = linked;
    const entry = entries.getSnapshot().context.entries.find((e) => e.id === linked);
    if (canEdit) entries.send({ type: 'entry.edit', id: linked });
    else if (entry) entries.send({ type: 'search.change', value: entry.title || entry.link });
  }, [linked, ready, canEdit, entries]);
  return (
    <Stack gap="md" data-testid="knowledge-screen">
      <PageHeader icon={route.icon} title="Knowledge base" description={route.purpose} />
      <KnowledgeUseAlert actor={reindex} />
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
