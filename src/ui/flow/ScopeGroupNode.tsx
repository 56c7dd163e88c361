import { Badge, Group, Text } from '@mantine/core';
import { IconFolders, IconWorld } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import type { ScopeGroupNode as ScopeGroupFlowNode } from './flowGraph.ts';
import classes from './flow.module.css';

/** A reaction scope as a group around its reactions; change_scope edges end at its left edge. */
function ScopeGroupView({ data }: NodeProps<ScopeGroupFlowNode>) {
  return (
    <div className={classes.group} data-scoped={data.scoped || undefined} data-testid={`scope-group-${data.label}`}>
      <Handle id="in" type="target" position={Position.Left} className={classes.groupHandle} />
      <Group gap={8} className={classes.groupLabel}>
        {data.scoped ? <IconFolders size={16} /> : <IconWorld size={16} />}
        <Text fw={600} size="sm">
          {data.scoped ? `Scope ${data.label}` : data.label}
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {data.count}
        </Badge>
      </Group>
    </div>
  );
}

export const ScopeGroupNode = memo(ScopeGroupView);
