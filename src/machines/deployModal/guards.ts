import type { DeployDiff } from '../../api/contract/deploy-diff.ts';
import { PRODUCTION_MESSAGE_MIN } from '../../api/contract/deployments.ts';
import type { DeployEnv, DeploySource } from './events.ts';

/** Production needs a commit message of at least 3 characters (spec 1 §5); testing needs none. */
export const messageValid = (env: DeployEnv, message: string): boolean =>
  env !== 'prod' || message.trim().length >= PRODUCTION_MESSAGE_MIN;

/** The deployment whose frozen copy goes live (a rollback's target or the build on Testing), null for the draft. */
export const fromDeploymentId = (env: DeployEnv, rollbackOf: number | null, diff: DeployDiff | null): number | null =>
  env !== 'prod' ? null : (rollbackOf ?? (diff?.source === 'testing' ? diff.source_deployment_id : null));

/** Production (not a rollback) with a build on Testing: the dialog offers it or the draft. */
export const offersSource = (env: DeployEnv, rollbackOf: number | null, diff: DeployDiff | null): boolean =>
  env === 'prod' && rollbackOf === null && diff?.testing_build != null;

/** What goes live by the loaded diff: the build on Testing, or the draft (also when the diff is unknown). */
export const currentSource = (diff: DeployDiff | null): DeploySource =>
  diff?.source === 'testing' ? 'testing' : 'draft';

/** The draft's model is older than its intents, synonyms or entities (a rollback deploys a frozen model). */
export const modelStale = (diff: DeployDiff | null): boolean => diff?.training?.stale === true;
