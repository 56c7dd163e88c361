import { Alert, Box, Button, Checkbox, FileButton, Grid, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { intentsExportFileName, NEGATIVE_INTENT_SUFFIX } from '../../api/contract/intents.ts';
import { type Clash, MODEL_NOT_RETRAINED } from '../../api/contract/training.ts';
import { can } from '../../api/permissions.ts';
import { isNegative } from '../../machines/intentsList/intentsIndex.ts';
import {
  clashesByIntent,
  hasFlaw,
  isPerfect,
  listPhase,
  modelNotRetrained,
  intentsWithoutReaction,
} from '../../machines/intentsList/selectors.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedIntentsListMachine } from '../../machines/intentsList/provide.ts';
import { providedPolarityMachine } from '../../machines/polarity/provide.ts';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { providedSynonymsDraftMachine } from '../../machines/synonymsDraft/provide.ts';
import { providedTemplateEditingMachine } from '../../machines/templateEditing/provide.ts';
import { providedTrainingMachine } from '../../machines/training/provide.ts';
import { intentsScreenMachine } from '../../machines/intentsScreen/machine.ts';
import { linkedId } from '../../machines/commandPalette/deepLinks.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { RouteEntry } from '../routes.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ImportConfirmDialog } from '../../ui/ImportConfirmDialog.tsx';
import { DocumentationLink, IntentsHelp } from '../../ui/DocumentationLink.tsx';
import { IntentsActorsContext } from './IntentsActors.ts';
import { SynonymsPanel } from './SynonymsPanel.tsx';
import { ThresholdPanel } from './ThresholdPanel.tsx';
import { TrainNluButton } from '../../ui/TrainNluButton.tsx';
import { IntentsRows, IntentsSearchField } from './IntentsSearch.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';

export interface IntentsScreenLogic {
  intentsList: typeof providedIntentsListMachine;
  templateEditing: typeof providedTemplateEditingMachine;
  polarity: typeof providedPolarityMachine;
  synonymsDraft: typeof providedSynonymsDraftMachine;
  training: typeof providedTrainingMachine;
}

const defaultLogic: IntentsScreenLogic = {
  intentsList: providedIntentsListMachine,
  templateEditing: providedTemplateEditingMachine,
  polarity: providedPolarityMachine,
  synonymsDraft: providedSynonymsDraftMachine,
  training: providedTrainingMachine,
};

/** How many clashes the warning lists by name. */
const CLASHES_LISTED = 3;

/** One empty list while there is no evaluation, so what is derived from the clashes stays memoized. */
const NO_CLASHES: Clash[] = [];

/** /app/intents (spec 2 §2 "Intents screen"). */
export default function IntentsScreen({
  route,
  logic = defaultLogic,
}: {
  route: RouteEntry;
  logic?: Partial<IntentsScreenLogic>;
}) {
  const machines = { ...defaultLogic, ...logic };
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const canEdit = can(user, 'PUT', '/intents', projectId);
  const canSynonyms = can(user, 'PUT', '/synonyms', projectId);
  const canTrain = can(user, 'GET', '/run/train', projectId);

  const screen = useActorRef(
    intentsScreenMachine.provide({
      actors: {
        list: machines.intentsList,
        templates: machines.templateEditing,
        polarity: machines.polarity,
        synonyms: machines.synonymsDraft,
        training: machines.training,
      },
    }),
  );
  // The screen's charts never change after it starts: their refs are read once.
  const { list, templates, polarity, synonyms, training } = screen.getSnapshot().context;
  useUnsavedDraft(synonyms, 'synonyms', { type: 'synonyms.save' });
  // A template edit or a typed new template: leaving the screen asks (Esc in the inline editor still restores).
  useUnsavedDraft(templates, 'templates', { type: 'templates.save' });

  // ?intent_id=N (the command palette, a shared link) opens that intent, now or once the list has loaded.
  const linkedIntent = linkedId('intent', useSearch());
  useEffect(() => {
    if (linkedIntent !== null) list.send({ type: 'intent.focus', id: linkedIntent });
  }, [list, linkedIntent]);

  // Narrow selections: a search keystroke changes only `search`, so it re-renders the search field and the list
  // (IntentsSearchField, IntentsRows), not the header, warnings, synonyms panel or dialogs.
  const phase = useSelector(list, listPhase);
  const intents = useSelector(list, (s) => s.context.intents);
  const evaluation = useSelector(list, (s) => s.context.evaluation);
  const reacted = useSelector(list, (s) => s.context.reacted);
  const onlyFlaws = useSelector(list, (s) => s.context.onlyFlaws);
  const pendingDelete = useSelector(list, (s) => s.context.pendingDelete);
  const pendingImport = useSelector(list, (s) => s.context.pendingImport);
  const notRetrained = useSelector(list, modelNotRetrained);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const idle = useSelector(list, (s) => s.matches({ ready: 'idle' }));
  const adding = useSelector(list, (s) => s.matches({ ready: 'adding' }));
  const exporting = useSelector(list, (s) => s.matches({ ready: 'exporting' }));
  const importing = useSelector(list, (s) => s.matches({ ready: 'importing' }));
  const confirmingImport = useSelector(list, (s) => s.matches({ ready: 'confirmingImport' }));
  const deletingIntent = useSelector(list, (s) => s.matches({ ready: 'deleting' }));
  const confirmingDelete = useSelector(list, (s) => s.matches({ ready: 'confirmingDelete' }));
  const templateState = useSelector(templates, (s) => s);
  const polarityState = useSelector(polarity, (s) => s);

  const clashes = evaluation?.clashes ?? NO_CLASHES;
  const clashing = useMemo(() => clashesByIntent(clashes), [clashes]);
  const intentEvaluations = evaluation?.evaluation ?? null;
  const { twins, flawed } = useMemo(() => {
    const names = new Set(intents.map((i) => i.name));
    const twinSet = new Set<number>();
    const flawedSet = new Set<number>();
    for (const intent of intents) {
      if (!isNegative(intent) && names.has(`${intent.name}${NEGATIVE_INTENT_SUFFIX}`)) twinSet.add(intent.id);
      if (hasFlaw(intent, intentEvaluations?.[String(intent.id)], clashing)) flawedSet.add(intent.id);
    }
    return { twins: twinSet, flawed: flawedSet };
  }, [intents, intentEvaluations, clashing]);
  const unused = useMemo(() => intentsWithoutReaction(intents, reacted), [intents, reacted]);
  const allPerfect = useMemo(
    () =>
      intentEvaluations !== null &&
      intents.length > 0 &&
      clashes.length === 0 &&
      intents.every((i) => i.templates.length === 0 || isPerfect(intentEvaluations[String(i.id)])),
    [intents, intentEvaluations, clashes],
  );
  const templateCount = useMemo(() => intents.reduce((n, i) => n + i.templates.length, 0), [intents]);

  const searchInput = useRef<HTMLInputElement>(null);
  const newNameInput = useRef<HTMLInputElement>(null);
  const [newName, setNewName] = useState('');
  const addIntent = () => {
    list.send({ type: 'intent.add', name: newName });
    if (list.getSnapshot().matches({ ready: 'adding' })) setNewName('');
  };
  const train = () => canTrain && training.send({ type: 'train.start' });
  useHotkeys(
    [
      ['mod+F', () => searchInput.current?.focus(), { preventDefault: true }],
      ['mod+S', train, { preventDefault: true }],
      ['mod+shift+S', train, { preventDefault: true }],
    ],
    [],
  );

  const deleting = intents.find((i) => i.id === pendingDelete);
  const disabling = intents.find((i) => i.id === polarityState.context.intentId);
  const actors = useMemo(() => ({ list, templates, polarity, canEdit }), [list, templates, polarity, canEdit]);

  return (
    <IntentsActorsContext.Provider value={actors}>
      <Stack gap="md" data-testid="intents-screen">
        <PageHeader
          icon={route.icon}
          title="Intents"
          description={route.purpose}
          actions={
            <Group gap="sm">
              <DocumentationLink>
                <IntentsHelp />
              </DocumentationLink>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={exporting}
                onClick={() => list.send({ type: 'intents.export' })}
                disabled={phase !== 'ready'}
              >
                Export Intents
              </Button>
              {canEdit && (
                <FileButton
                  accept=".csv,text/csv"
                  onChange={(file) => file && list.send({ type: 'intents.import', file })}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={16} />}
                      loading={importing}
                      disabled={!idle}
                    >
                      Import Intents
                    </Button>
                  )}
                </FileButton>
              )}
              {canTrain && <TrainNluButton training={training} hotkey="Ctrl+S" />}
            </Group>
          }
        />

        {phase === 'loading' && (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
        {phase === 'failed' && (
          <Alert color="red" variant="light" title="Intents could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={() => list.send({ type: 'intents.reload' })}>
              Try again
            </Button>
          </Alert>
        )}

        {phase === 'ready' && (
          <>
            {notRetrained && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="not-retrained">
                <Text size="sm" fw={600}>
                  {MODEL_NOT_RETRAINED}
                </Text>
                <Text size="sm">Use Train NLU to train the model on the current intents and see its evaluation.</Text>
              </Alert>
            )}
            {clashes.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="clash-warning">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {clashes.length === 1 ? '1 template clash' : `${clashes.length} template clashes`}: the same or
                      almost the same sentence teaches different intents.
                    </Text>
                    {clashes.slice(0, CLASHES_LISTED).map((clash) => (
                      <Text
                        size="sm"
                        key={`${clash.a.intent_id}:${clash.a.template}:${clash.b.intent_id}:${clash.b.template}`}
                      >
                        “{clash.a.template}” ({clash.a.intent}) ↔ “{clash.b.template}” ({clash.b.intent})
                      </Text>
                    ))}
                  </div>
                  <Checkbox
                    label="show only flaws"
                    checked={onlyFlaws}
                    onChange={() => list.send({ type: 'flaws.toggle' })}
                  />
                </Group>
              </Alert>
            )}
            {clashes.length === 0 && flawed.size > 0 && (
              <Group justify="flex-end">
                <Checkbox
                  label="show only flaws"
                  checked={onlyFlaws}
                  onChange={() => list.send({ type: 'flaws.toggle' })}
                />
              </Group>
            )}
            {allPerfect && !notRetrained && (
              <Alert color="teal" variant="light" data-testid="evaluation-perfect" title="The evaluation is perfect">
                Every template is recognized; precision and recall are 1 for every intent.
              </Alert>
            )}

            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <IntentsSearchField list={list} inputRef={searchInput} />
                    {canEdit && (
                      <Group gap="xs" wrap="nowrap">
                        <TextInput
                          ref={newNameInput}
                          placeholder="New intent name"
                          aria-label="New intent name"
                          value={newName}
                          onChange={(event) => setNewName(event.currentTarget.value)}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') addIntent();
                          }}
                        />
                        <Button leftSection={<IconPlus size={16} />} onClick={addIntent} loading={adding}>
                          Add intent
                        </Button>
                      </Group>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" data-testid="intents-summary">
                    {intents.length} intents · {templateCount} templates
                    {busy ? ' · saving…' : ''}
                  </Text>
                  {phase === 'ready' && intents.length === 0 && (
                    <GuidedEmpty
                      testId="intents-empty"
                      title="No intents yet"
                      sentence="An intent is something users want, taught by a few ways of saying it: name your first one (or import a CSV with Import Intents)."
                      action="Add an intent"
                      onAction={canEdit ? () => newNameInput.current?.focus() : undefined}
                    />
                  )}
                  {intents.length > 0 && (
                    <Box>
                      <IntentsRows
                        list={list}
                        intents={intents}
                        canEdit={canEdit}
                        evaluation={intentEvaluations}
                        clashing={clashing}
                        twins={twins}
                        flawed={flawed}
                        unused={unused}
                      />
                    </Box>
                  )}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Stack gap="md">
                  <ThresholdPanel answer={evaluation} />
                  <SynonymsPanel actor={synonyms} canEdit={canSynonyms} />
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}

        <ConfirmDialog
          opened={confirmingDelete || deletingIntent}
          busy={deletingIntent}
          title="Remove intent?"
          confirmLabel="Remove"
          onConfirm={() => list.send({ type: 'intent.deleteConfirm' })}
          onCancel={() => list.send({ type: 'intent.deleteCancel' })}
        >
          The intent “{deleting?.name}” and its {deleting?.templates.length ?? 0} templates will be deleted.
        </ConfirmDialog>
        <ConfirmDialog
          opened={
            templateState.matches({ template: 'confirmingDelete' }) || templateState.matches({ template: 'deleting' })
          }
          busy={templateState.matches({ template: 'deleting' })}
          title="Delete template?"
          confirmLabel="Delete"
          onConfirm={() => templates.send({ type: 'template.deleteConfirm' })}
          onCancel={() => templates.send({ type: 'template.deleteCancel' })}
        >
          The template “{templateState.context.original}” will be deleted.
        </ConfirmDialog>
        <ConfirmDialog
          opened={polarityState.matches('confirmingDisable') || polarityState.matches('disabling')}
          busy={polarityState.matches('disabling')}
          title="Depolarize intent?"
          confirmLabel="Depolarize"
          onConfirm={() => polarity.send({ type: 'polarity.confirm' })}
          onCancel={() => polarity.send({ type: 'polarity.cancel' })}
        >
          The negative twin “{disabling?.name}
          {NEGATIVE_INTENT_SUFFIX}” and all its templates will be deleted.
        </ConfirmDialog>
        <ImportConfirmDialog
          confirming={confirmingImport}
          importing={importing}
          onConfirm={() => list.send({ type: 'intents.importConfirm' })}
          onCancel={() => list.send({ type: 'intents.importCancel' })}
        >
          The intents and templates of “{pendingImport?.name}” (CSV with columns intent,template) will be added to this
          project. Existing templates stay. Export first ({intentsExportFileName(projectId ?? 0)}) if you want a backup.
        </ImportConfirmDialog>
      </Stack>
    </IntentsActorsContext.Provider>
  );
}
