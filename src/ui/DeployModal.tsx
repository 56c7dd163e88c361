import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Table, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  DEPLOY_WITHOUT_DIFF,
  DIFF_FAILED,
  DIFF_UNAVAILABLE_NOTE,
  DRAFT_NOT_TESTED,
  NO_TESTING_BUILD,
  SOURCE_DRAFT,
  SOURCE_TESTING,
  testsOnBuild,
} from '../api/contract/deploy-diff.ts';
import { type Deployment, TESTS_STILL_RUNNING, versionTime } from '../api/contract/deployments.ts';
import type { DeploySource, DeployTestStatus } from '../machines/deployModal/events.ts';
import type { deployModalMachine } from '../machines/deployModal/machine.ts';
import { messageProblem, titleOf } from '../machines/deployModal/selectors.ts';
import { DeployDiffView, DeployTrainingNote } from './DeployDiffView.tsx';
import { RetryAlert } from './RetryAlert.tsx';

const STATUS_COLORS: Record<DeployTestStatus, string> = {
  pending: 'gray',
  running: 'blue',
  ok: 'green',
  failed: 'red',
};

/** The build on Testing as the production dialog names it: id, version time, who deployed it and why. */
const buildLine = (d: Deployment): string =>
  `Deployment ${d.id} · ${versionTime(d.version)}${d.user_name ? ` · ${d.user_name}` : ''}${d.note ? ` · “${d.note}”` : ''}`;

/**
 * Production (issue 34): the build on Testing (what QA tested) or the current draft, with a warning when the draft
 * goes live untested; nothing to choose when Testing has no build yet.
 */
function SourceChoice({
  build,
  chosen,
  canChoose,
  onChoose,
}: {
  build: Deployment | null;
  chosen: DeploySource;
  canChoose: (source: DeploySource) => boolean;
  onChoose: (source: DeploySource) => void;
}) {
  if (!build)
    return (
      <Alert color="yellow" variant="light">
        {NO_TESTING_BUILD}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Radio.Group label="What to deploy" value={chosen} onChange={(v) => onChoose(v as DeploySource)}>
        <Stack gap={6} mt={4}>
          <Radio
            value="testing"
            label={SOURCE_TESTING}
            description={buildLine(build)}
            disabled={chosen !== 'testing' && !canChoose('testing')}
          />
          <Radio value="draft" label={SOURCE_DRAFT} disabled={chosen !== 'draft' && !canChoose('draft')} />
        </Stack>
      </Radio.Group>
      {chosen === 'draft' && (
        <Alert color="yellow" variant="light">
          {DRAFT_NOT_TESTED}
        </Alert>
      )}
    </Stack>
  );
}

/** The deployment modal (spec 1 §2): commit message (Ctrl+Enter deploys) and, for production, the tests. */
export function DeployModal({ actor }: { actor: ActorRefFrom<typeof deployModalMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const send = actor.send;
  const testing = state.hasTag('testing');
  const blocked = state.matches('blocked');
  const deploying = state.matches('deploying');
  const training = state.matches('training');
  const diffReady = context.diff !== null && !state.hasTag('diffLoading') && !state.matches('diffFailed');
  const problem = messageProblem(context);
  return (
    <Modal
      opened={!state.matches('closed')}
      onClose={() => send({ type: 'deploy.cancel' })}
      title={titleOf(context)}
      size="64rem"
      closeOnClickOutside={!deploying}
      withCloseButton={!deploying}
    >
      <Stack gap="sm">
        <Textarea
          label="Commit message"
          placeholder={context.env === 'prod' ? 'What changed (at least 3 characters)' : 'What changed (optional)'}
          rows={3}
          data-autofocus
          value={context.message}
          error={problem}
          onChange={(e) => send({ type: 'message.change', message: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              send({ type: 'deploy.submit' });
            }
          }}
          description="Ctrl+Enter deploys"
        />
        {state.hasTag('diffLoading') && (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" aria-label="Loading what changes" />
            <Text size="sm">Comparing with what the environment serves…</Text>
          </Group>
        )}
        {state.matches('diffFailed') && (
          <RetryAlert
            title={DIFF_FAILED}
            message={context.diffError}
            onRetry={() => send({ type: 'diff.retry' })}
            other={{ label: DEPLOY_WITHOUT_DIFF, onClick: () => send({ type: 'diff.skip' }) }}
          />
        )}
        {context.diff === null && !state.hasTag('diffLoading') && !state.matches('diffFailed') && (
          <Alert color="yellow" variant="light" title={DIFF_UNAVAILABLE_NOTE}>
            {context.diffError}
          </Alert>
        )}
        {(diffReady || training) && context.diff && (
          <DeployTrainingNote
            diff={context.diff}
            training={training}
            onTrain={state.can({ type: 'deploy.train' }) ? () => send({ type: 'deploy.train' }) : undefined}
          />
        )}
        {context.env === 'prod' && context.rollbackOf === null && context.diff && (
          <SourceChoice
            build={context.diff.testing_build}
            // While the other choice loads it shows as chosen; then the server's answer says what goes live.
            chosen={
              state.hasTag('diffLoading') ? context.source : context.diff.source === 'testing' ? 'testing' : 'draft'
            }
            canChoose={(source) => state.can({ type: 'source.choose', source })}
            onChoose={(source) => send({ type: 'source.choose', source })}
          />
        )}
        {context.env === 'prod' &&
          context.rollbackOf === null &&
          context.diff === null &&
          !state.hasTag('diffLoading') &&
          !state.matches('diffFailed') && (
            <Alert color="yellow" variant="light">
              {DRAFT_NOT_TESTED}
            </Alert>
          )}
        {diffReady && context.diff && <DeployDiffView diff={context.diff} />}
        {context.tests.length > 0 && context.diff?.source === 'testing' && context.diff.source_deployment_id && (
          <Text size="sm" c="dimmed">
            {testsOnBuild(context.diff.source_deployment_id)}
          </Text>
        )}
        {context.tests.length > 0 && (
          <Table striped withTableBorder aria-label="Tests before deploying">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Test</Table.Th>
                <Table.Th w={110}>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {context.tests.map((t) => (
                <Table.Tr key={t.id} aria-label={`Test ${t.name}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {t.name}
                    </Text>
                    {t.status === 'failed' && t.result && (
                      <Text size="xs" c="red">
                        {t.result}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_COLORS[t.status]}
                      variant="light"
                      leftSection={t.status === 'running' ? <Loader size={10} /> : null}
                    >
                      {t.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {testing && (
          <Alert color="blue" variant="light" icon={<Loader size={16} />}>
            {TESTS_STILL_RUNNING}
          </Alert>
        )}
        {blocked && (
          <Alert color="red" variant="light" title="Some tests failed">
            Fix the bot, or deploy anyway if the failures are expected.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send({ type: 'deploy.cancel' })} disabled={deploying}>
            Cancel
          </Button>
          {blocked ? (
            <Button color="red" variant="light" onClick={() => send({ type: 'deploy.anyway' })}>
              Deploy anyway
            </Button>
          ) : (
            <Button
              onClick={() => send({ type: 'deploy.submit' })}
              loading={deploying}
              disabled={!deploying && !state.can({ type: 'deploy.submit' })}
            >
              Deploy
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
