import { Group, Text } from '@mantine/core';
import { IconArrowForwardUp } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import type { TransferNode as TransferFlowNode } from './flowGraph.ts';
import classes from './flow.module.css';

/** Where call_transfer hands the conversation over: another project's bot. */
function TransferView({ data }: NodeProps<TransferFlowNode>) {
  return (
    <div className={classes.transfer}>
      <Handle type="target" position={Position.Left} className={classes.handle} />
      <Group gap={6} wrap="nowrap">
        <IconArrowForwardUp size={16} />
        <Text size="sm" fw={500}>
          {data.label}
        </Text>
      </Group>
    </div>
  );
}

export const TransferNode = memo(TransferView);
