import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconLock, IconTrash } from '@tabler/icons-react';
import type { ActorRefFrom } from 'xstate';
import { SYSTEM_ENTITY_READ_ONLY, SYSTEM_ENTITY_UNMARK_WARNING } from '../../api/contract/entities.ts';
import { type EntityDraft, valueCount } from '../../machines/entityEditor/draft.ts';
import type { entityEditorMachine } from '../../machines/entityEditor/machine.ts';

/** Spec 2 §5: fewer than 30 values for a fuzzy entity. */
export const FUZZY_HINT =
  'Fuzzy matching needs examples: give at least 20 values and tag all occurrences of the entity in the templates.';
/** Spec 2 §9: the values text area is 60 to 350 px high. */
const VALUES_MIN_HEIGHT = 60;
const VALUES_MAX_HEIGHT = 350;

/** One entity's editor; every change is a local draft until Save & Train. */
export function EntityEditor(props: {
  actor: ActorRefFrom<typeof entityEditorMachine>;
  draft: EntityDraft;
  editable: boolean;
  canSystem: boolean;
  fuzzyHint: boolean;
  unmarkWarning: boolean;
  changed: boolean;
}) {
  const { actor, draft, editable, canSystem, fuzzyHint, unmarkWarning, changed } = props;
  const change = (patch: Partial<EntityDraft>) => actor.send({ type: 'entity.change', key: draft.key, patch });
  const dictionary = draft.type === 'dictionary';
  return (
    <Card withBorder padding="md" data-testid={`entity-${draft.name}`}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} ff="monospace">
            @
          </Text>
          <TextInput
            size="xs"
            value={draft.name}
            readOnly={!editable}
            aria-label={`Name of entity ${draft.name}`}
            onChange={(event) => change({ name: event.currentTarget.value })}
          />
          {draft.__is_system__ && (
            <Badge color="violet" variant="light" leftSection={<IconLock size={12} />}>
              system
            </Badge>
          )}
          {draft.id === undefined ? (
            <Badge color="blue" variant="light">
              new
            </Badge>
          ) : (
            changed && (
              <Badge color="orange" variant="light">
                changed
              </Badge>
            )
          )}
        </Group>
        {editable && (
          <Tooltip label="Remove entity">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove entity ${draft.name}`}
              onClick={() => actor.send({ type: 'entity.delete', key: draft.key })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {!editable && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="system-read-only">
          {SYSTEM_ENTITY_READ_ONLY}
        </Text>
      )}
      <Stack gap="sm">
        <Group gap="lg" align="flex-end">
          <div>
            <Text size="xs" fw={500} mb={4}>
              Type
            </Text>
            <SegmentedControl
              size="xs"
              disabled={!editable}
              value={draft.type}
              data={[
                { label: 'Dictionary', value: 'dictionary' },
                { label: 'Number', value: 'number' },
              ]}
              onChange={(value) => change({ type: value as EntityDraft['type'] })}
            />
          </div>
          {dictionary && (
            <Select
              size="xs"
              w={140}
              label="Match"
              disabled={!editable}
              value={draft.match}
              allowDeselect={false}
              data={[
                { label: 'Exact', value: 'exact' },
                { label: 'Lemmatized', value: 'lemmatized' },
                { label: 'Fuzzy', value: 'fuzzy' },
              ]}
              onChange={(value) => value && change({ match: value as EntityDraft['match'] })}
            />
          )}
          <Select
            size="xs"
            w={140}
            label="Occurrence"
            disabled={!editable}
            value={draft.occurrence}
            allowDeselect={false}
            data={[
              { label: 'Single', value: 'single' },
              { label: 'Multiple', value: 'multiple' },
            ]}
            onChange={(value) => value && change({ occurrence: value as EntityDraft['occurrence'] })}
          />
          {dictionary && (
            <Checkbox
              label="Case insensitive"
              disabled={!editable}
              checked={draft.case_insensitive}
              onChange={(event) => change({ case_insensitive: event.currentTarget.checked })}
            />
          )}
          {canSystem && (
            <Checkbox
              label="Is system entity"
              checked={draft.__is_system__}
              onChange={(event) => change({ __is_system__: event.currentTarget.checked })}
            />
          )}
        </Group>
        {unmarkWarning && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} py={6}>
            {SYSTEM_ENTITY_UNMARK_WARNING}
          </Alert>
        )}
        {dictionary && (
          <Textarea
            label="Values"
            description={`Separated by commas or new lines · ${valueCount(draft.values)} values`}
            autosize
            minRows={2}
            readOnly={!editable}
            styles={{ input: { minHeight: VALUES_MIN_HEIGHT, maxHeight: VALUES_MAX_HEIGHT, overflowY: 'auto' } }}
            value={draft.values}
            aria-label={`Values of entity ${draft.name}`}
            onChange={(event) => change({ values: event.currentTarget.value })}
          />
        )}
        {fuzzyHint && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} py={6} data-testid="fuzzy-hint">
            {FUZZY_HINT}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
