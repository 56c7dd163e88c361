import { Alert, Button, Group, Kbd, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { can } from '../../api/permissions.ts';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { changedDrafts } from '../../machines/entityEditor/draft.ts';
import { isDirty, isEditable, needsFuzzyHint, unmarksSystem } from '../../machines/entityEditor/selectors.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { providedEntityEditorMachine } from '../../machines/entityEditor/provide.ts';
import { providedTrainingMachine } from '../../machines/training/provide.ts';
import { entitiesScreenMachine } from '../../machines/entitiesScreen/machine.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { isTraining } from '../../machines/training/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DocumentationLink } from '../../ui/DocumentationLink.tsx';
import type { RouteEntry } from '../routes.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { EntityEditor } from './EntityEditor.tsx';

export interface EntitiesScreenLogic {
  entityEditor: typeof providedEntityEditorMachine;
  training: typeof providedTrainingMachine;
}

const defaultLogic: EntitiesScreenLogic = {
  entityEditor: providedEntityEditorMachine,
  training: providedTrainingMachine,
};

/** /app/entities (spec 2 §2 "Entities screen"): add entity, editors, Save & Train, documentation. */
export default function EntitiesScreen({
  route,
  logic = defaultLogic,
}: {
  route: RouteEntry;
  logic?: Partial<EntitiesScreenLogic>;
}) {
  const machines = { ...defaultLogic, ...logic };
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const canAdd = can(user, 'PUT', '/entities/{id}', projectId);
  const canSystem = can(user, 'PUT', '/system/entities/{id}', projectId);
  const canTrain = can(user, 'GET', '/run/train', projectId);

  const screen = useActorRef(
    entitiesScreenMachine.provide({ actors: { editor: machines.entityEditor, training: machines.training } }),
    { input: { canSystem, canTrain } },
  );
  const { editor, training } = screen.getSnapshot().context;
  useUnsavedDraft(editor, 'entities', { type: 'entities.save' });

  const state = useSelector(editor, (s) => s);
  const trainingBusy = useSelector(training, isTraining);
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const add = () => {
    editor.send({ type: 'entity.add', name });
    if (editor.getSnapshot().context.drafts.length > state.context.drafts.length) setName('');
  };
  const save = () => editor.send({ type: 'entities.save' });
  useHotkeys(
    [
      ['mod+S', save, { preventDefault: true }],
      ['mod+shift+S', save, { preventDefault: true }],
    ],
    [],
  );
  const changed = new Set(changedDrafts(state.context.drafts, state.context.saved).map((d) => d.key));
  const saving = state.hasTag('busy') || trainingBusy;
  const deleting = state.context.drafts.find((d) => d.key === state.context.pendingDelete);

  return (
    <Stack gap="md" data-testid="entities-screen">
      <PageHeader
        icon={route.icon}
        title="Entities"
        description={route.purpose}
        actions={
          <Group gap="sm">
            <DocumentationLink>
              <Text fw={600}>Entities</Text>
              <Text size="sm">
                An entity picks values out of messages: write <b>@name</b> in a template where the value occurs.
              </Text>
              <Text size="sm">
                Dictionary entities list their values (commas or new lines) and match them exactly, by lemma or fuzzily;
                number entities find numbers.
              </Text>
              <Text size="sm">Save & Train saves the changed entities, reloads the model worker and trains.</Text>
            </DocumentationLink>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={save}
              loading={saving}
              disabled={!state.matches('editing')}
              data-testid="save-and-train"
            >
              Save & Train
              <Kbd ml="xs" size="xs">
                Ctrl+S
              </Kbd>
            </Button>
          </Group>
        }
      />
      {state.matches('loading') && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {state.matches('failed') && (
        <Alert color="red" variant="light" title="Entities could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => editor.send({ type: 'entities.reload' })}>
            Try again
          </Button>
        </Alert>
      )}
      {canAdd && !state.matches('loading') && (
        <Group gap="xs">
          <TextInput
            ref={nameInput}
            placeholder="New entity name"
            aria-label="New entity name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add();
            }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={add} variant="light">
            Add entity
          </Button>
          {isDirty(state) && (
            <Text size="sm" c="orange.8">
              {changed.size} unsaved {changed.size === 1 ? 'entity' : 'entities'} — Save & Train to apply.
            </Text>
          )}
        </Group>
      )}
      {state.context.drafts.length === 0 && state.matches('editing') && (
        <GuidedEmpty
          testId="entities-empty"
          title="No entities yet"
          sentence="An entity picks values such as sizes, dates or numbers out of what users say: name your first one."
          action="Add an entity"
          onAction={canAdd ? () => nameInput.current?.focus() : undefined}
        />
      )}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {state.context.drafts.map((draft) => (
          <EntityEditor
            key={draft.key}
            actor={editor}
            draft={draft}
            editable={isEditable(state, draft)}
            canSystem={state.context.canSystem}
            fuzzyHint={needsFuzzyHint(draft)}
            unmarkWarning={unmarksSystem(state, draft)}
            changed={changed.has(draft.key)}
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={state.matches('confirmingDelete') || state.matches('deleting')}
        busy={state.matches('deleting')}
        title="Remove entity?"
        confirmLabel="Remove"
        onConfirm={() => editor.send({ type: 'entity.deleteConfirm' })}
        onCancel={() => editor.send({ type: 'entity.deleteCancel' })}
      >
        The entity “{deleting?.name}” is deleted at once.
      </ConfirmDialog>
    </Stack>
  );
}
