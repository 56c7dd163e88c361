import { Badge, Group, Stack, Text } from '@mantine/core';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { conditionProblem } from '../../machines/flowEditor/conditionSyntax.ts';
import { stepSummary } from './actionSummary.ts';
import type { ReactionFlowNode } from './flowGraph.ts';
import classes from './flow.module.css';

/** A reaction on the canvas (plain titles, no Tooltip components: 500 of them are rendered at once): name, priority, intents, condition badge and a summary of its actions. */
function ReactionNodeView({ data }: NodeProps<ReactionFlowNode>) {
  const { reaction, selected, matched, dimmed, invalid } = data;
  const conditionBad = conditionProblem(reaction.condition) !== null;
  const shown = reaction.intents.slice(0, 3);
  const steps = reaction.actions.slice(0, 3);
  return (
    <div
      className={classes.reaction}
      data-selected={selected || undefined}
      data-matched={matched || undefined}
      data-dimmed={dimmed || undefined}
      data-invalid={invalid || conditionBad || undefined}
      data-testid={`reaction-node-${reaction.name}`}
      title={reaction.name}
    >
      <Handle type="target" position={Position.Left} className={classes.handle} />
      <Stack gap={4}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" truncate="end" className={classes.reactionName}>
            {reaction.name}
          </Text>
          <Badge size="xs" variant="light" color="gray" title="Priority">
            P{reaction.priority}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap" className={classes.clip}>
          {shown.length === 0 && (
            <Text size="xs" c="dimmed">
              no intent (timeouts only)
            </Text>
          )}
          {shown.map((intent) => (
            <Badge
              key={intent}
              size="xs"
              variant={intent.startsWith('@') ? 'filled' : 'light'}
              color="indigo"
              tt="none"
            >
              {intent}
            </Badge>
          ))}
          {reaction.intents.length > shown.length && (
            <Badge size="xs" variant="outline" color="gray">
              +{reaction.intents.length - shown.length}
            </Badge>
          )}
          {reaction.condition.trim() && (
            <Badge
              size="xs"
              color={conditionBad ? 'red' : 'grape'}
              variant="light"
              tt="none"
              title={reaction.condition}
            >
              {conditionBad ? 'if ⚠' : 'if …'}
            </Badge>
          )}
        </Group>
        <Stack gap={0}>
          {steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
            <Text key={`${i}-${step.name}`} size="xs" c="dimmed" truncate="end">
              {i + 1}. {stepSummary(step)}
            </Text>
          ))}
          {reaction.actions.length > steps.length && (
            <Text size="xs" c="dimmed">
              … {reaction.actions.length - steps.length} more
            </Text>
          )}
        </Stack>
      </Stack>
      <Handle type="source" position={Position.Right} className={classes.handle} />
    </div>
  );
}

export const ReactionNode = memo(ReactionNodeView);
