import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ReindexStatus } from '../../api/contract/knowledges.ts';
import type { knowledgeJobMachine } from '../../machines/knowledgeJob/machine.ts';
import { Link } from 'wouter';
import { KNOWLEDGE_NOT_USED, KNOWLEDGE_SWITCH_LABEL, KNOWLEDGE_USED } from './knowledgeUse.ts';

/** Read from the index status the reindex chart loads (it carries the switch), so the view fetches nothing. */
export function KnowledgeUseAlert({ actor }: { actor: ActorRefFrom<typeof knowledgeJobMachine> }) {
  const status = useSelector(actor, (s) => s.context.answer?.detail as ReindexStatus | undefined);
  if (!status) return null;
  return status.used_by_bot ? (
    <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} data-testid="knowledge-use">
      {KNOWLEDGE_USED}
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="knowledge-use">
      {KNOWLEDGE_NOT_USED} turn on “{KNOWLEDGE_SWITCH_LABEL}” in{' '}
      <Anchor component={Link} href="/app/settings">
        Settings
      </Anchor>
      .
    </Alert>
  );
}
