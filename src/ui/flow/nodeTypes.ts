import type { NodeTypes } from '@xyflow/react';
import { ReactionNode } from './ReactionNode.tsx';
import { ScopeGroupNode } from './ScopeGroupNode.tsx';
import { TransferNode } from './TransferNode.tsx';

/** Defined once at module level: React Flow re-mounts every node when this object changes. */
export const flowNodeTypes: NodeTypes = { reaction: ReactionNode, scopeGroup: ScopeGroupNode, transfer: TransferNode };
