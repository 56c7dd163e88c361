import { DEPLOY_MESSAGE_REQUIRED, deployTitle } from '../../api/contract/deployments.ts';
import { messageValid } from './guards.ts';
import type { DeployModalContext } from './machine.ts';

export const titleOf = (c: DeployModalContext): string => deployTitle(c.env, c.rollbackOf);

/** The message's problem, shown once Deploy was pressed (and live after that). */
export const messageProblem = (c: DeployModalContext): string | null =>
  c.touched && !messageValid(c.env, c.message) ? DEPLOY_MESSAGE_REQUIRED : null;
