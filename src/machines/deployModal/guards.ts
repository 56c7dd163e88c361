import { PRODUCTION_MESSAGE_MIN } from '../../api/contract/deployments.ts';
import type { DeployEnv } from './events.ts';

/** Production needs a commit message of at least 3 characters (spec 1 §5); testing needs none. */
export const messageValid = (env: DeployEnv, message: string): boolean =>
  env !== 'prod' || message.trim().length >= PRODUCTION_MESSAGE_MIN;
