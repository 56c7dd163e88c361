import type { DeployDiff } from '../../api/contract/deploy-diff.ts';
import { PRODUCTION_MESSAGE_MIN } from '../../api/contract/deployments.ts';
import type { DeployEnv } from './events.ts';

/** Production needs a commit message of at least 3 characters (spec 1 §5); testing needs none. */
export const messageValid = (env: DeployEnv, message: string): boolean =>
  env !== 'prod' || message.trim().length >= PRODUCTION_MESSAGE_MIN;

/** The draft's model is older than its intents, synonyms or entities (a rollback deploys a frozen model). */
export const modelStale = (diff: DeployDiff | null): boolean => diff?.training?.stale === true;
