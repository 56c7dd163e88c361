import { Accordion, Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DIFF_NOTHING,
  type DeployDiff,
  type DeployDiffItem,
  type DeployDiffResource,
  type DiffChange,
  MODEL_STALE_NOTE,
  MODEL_TRAINING_NOTE,
} from '../api/contract/deploy-diff.ts';
import { stableJson } from '../machines/historyCompare/stableJson.ts';
import { JsonDiff } from './JsonDiff.tsx';

const CHANGE_COLORS: Record<DiffChange, string> = { added: 'green', changed: 'blue', removed: 'red' };
const CHANGE_SIGNS: Record<DiffChange, string> = { added: '+', changed: '~', removed: '−' };

const changedCount = (r: DeployDiffResource) => r.added + r.changed + r.removed;

/** The training state of the draft (deploys only): a stale model says so and offers Train first. */
export function DeployTrainingNote({
  diff,
  training,
  onTrain,
}: {
  diff: DeployDiff;
  training: boolean;
  onTrain?: () => void;
}) {
  if (training)
    return (
      <Alert color="blue" variant="light" icon={<Loader size={16} />}>
        {MODEL_TRAINING_NOTE}
      </Alert>
    );
  if (!diff.training?.stale) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} title="Model not trained">
      <Text size="sm">{MODEL_STALE_NOTE}</Text>
      {onTrain && (
        <Button mt="sm" size="xs" onClick={onTrain}>
          Train first
        </Button>
      )}
    </Alert>
  );
}

/** What a deploy or rollback changes, per resource: counts, and each changed item expandable to its diff. */
export function DeployDiffView({ diff }: { diff: DeployDiff }) {
  const changed = diff.resources.filter((r) => changedCount(r) > 0);
  // Only an opened resource renders its items (hundreds at the 40,000-template scale).
  const [opened, setOpened] = useState<string[]>([]);
  const heading = diff.rollback_of !== null ? 'What this rollback changes' : 'What goes live';
  return (
    <Stack gap={4} aria-label={heading} role="region">
      <Text size="sm" fw={500}>
        {heading}
        {diff.current_deployment_id === null && (
          <Text span size="xs" c="dimmed">
            {' '}
            (nothing is deployed here yet)
          </Text>
        )}
      </Text>
      {changed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DIFF_NOTHING}
        </Text>
      ) : (
        <Accordion variant="contained" multiple chevronPosition="left" value={opened} onChange={setOpened}>
          {changed.map((r) => (
            <Accordion.Item key={r.resource} value={r.resource}>
              <Accordion.Control aria-label={`${r.label}: ${countsText(r)}`}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {r.label}
                  </Text>
                  {(['added', 'changed', 'removed'] as const).map((c) =>
                    r[c] > 0 ? (
                      <Badge key={c} size="sm" variant="light" color={CHANGE_COLORS[c]}>
                        {r[c]} {c}
                      </Badge>
                    ) : null,
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {opened.includes(r.resource) && <ResourceItems resource={r} rollback={diff.rollback_of !== null} />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

/** "1 added, 2 changed": the accessible name of a resource's row. */
export const countsText = (r: DeployDiffResource): string =>
  (['added', 'changed', 'removed'] as const)
    .filter((c) => r[c] > 0)
    .map((c) => `${r[c]} ${c}`)
    .join(', ');

/** The changed items of one resource; only the opened one renders its diff (a resource may hold hundreds). */
function ResourceItems({ resource, rollback }: { resource: DeployDiffResource; rollback: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Accordion value={open} onChange={setOpen} chevronPosition="left" variant="separated">
        {resource.items.map((item) => (
          <Accordion.Item key={`${item.change} ${item.key}`} value={`${item.change} ${item.key}`}>
            <Accordion.Control aria-label={`${CHANGE_SIGNS[item.change]} ${item.name} (${item.change})`}>
              <Group gap="xs">
                <Badge size="xs" variant="light" color={CHANGE_COLORS[item.change]}>
                  {item.change}
                </Badge>
                <Text size="sm">{item.name}</Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {open === `${item.change} ${item.key}` && <ItemDiff item={item} rollback={rollback} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {resource.truncated > 0 && (
        <Text size="xs" c="dimmed">
          …and {resource.truncated} more.
        </Text>
      )}
    </Stack>
  );
}

function ItemDiff({ item, rollback }: { item: DeployDiffItem; rollback: boolean }) {
  return (
    <JsonDiff
      before={item.before === null ? '' : stableJson(item.before)}
      after={item.after === null ? '' : stableJson(item.after)}
      leftTitle="Deployed now"
      rightTitle={rollback ? 'After this rollback' : 'After this deploy'}
    />
  );
}
