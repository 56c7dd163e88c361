import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { projectEnv, scopeQuery } from './common.ts';
import { MAX_ROW_ID } from './row-id.ts';

/** Texts of spec 1 §5 and §8, verbatim. */
export const DEPLOY_SUCCESS = 'Successfully deployed';
export const DEPLOY_FAILED = 'Deploy failed - something went wrong!';
export const DEPLOY_MESSAGE_REQUIRED = 'Please describe done changes briefly.';
export const TESTS_STILL_RUNNING = 'There are still running tests! Please wait.';
export const NO_MATCH = 'No match.';
/** Spec 1 §9: production commit message minimum. */
export const PRODUCTION_MESSAGE_MIN = 3;
/** Spec 2 §5: a 'to' date covers the whole day. */
export const DAY_SECONDS = 86_400;

export const deployTitle = (env: 'dev' | 'prod', rollbackOf: number | null): string =>
  rollbackOf !== null
    ? `Rollback to version ${rollbackOf}`
    : env === 'prod'
      ? 'Deploy to production'
      : 'Deploy to testing';
export const rollbackMessage = (id: number): string => `Rollback to version ${id}`;
export const ENV_LABELS = { dev: 'Testing', prod: 'Production' } as const;
/** Ours (issue 34): the list's marker of the deployment an environment serves. */
export const LIVE_LABEL = 'Live';

/** A deployment's version (unix seconds) as the date and time it shows, in the browser's time zone. */
export const versionTime = (version: number): string =>
  new Date(version * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Ours: deploying needs a model trained on the current intents, synonyms and entities. */
export const MODEL_NOT_TRAINED =
  'The language model is not trained on the current intents, synonyms and entities. Train NLU, then deploy.';

/** A deployment (spec 2 §3): immutable; version is unix seconds. */
export const deployment = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** ISO time. */
  created: z.string(),
  users_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  project_env: projectEnv,
  note: z.string(),
  /** The deployment whose frozen copy this is (a rollback, or the build on Testing promoted), else null. */
  rollback_of: z.number().int().nullable(),
  /** The environment serves this deployment now (its latest; issue 34). */
  live: z.boolean(),
});
export type Deployment = z.infer<typeof deployment>;

const deployId = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/**
 * GET /run/deploy (spec 1 §7): freezes the draft for an environment, or, with toDeploymentId, deploys that
 * deployment's frozen copy to production: a rollback (an earlier production deployment) or a promotion (a build on
 * Testing, issue 34).
 */
export const runDeploy = defineCall({
  name: 'runDeploy',
  method: 'GET',
  path: '/run/deploy',
  resource: '/deployments',
  access: grant('GET', '/run/deploy', 'query'),
  query: scopeQuery.extend({
    project_env: projectEnv,
    message: z.string().max(2000).default(''),
    toDeploymentId: deployId.optional(),
  }),
  response: deployment,
});

const seconds = z.coerce.number().int().min(0).max(32_503_680_000);

/** Server-side filters of the deployments screen (spec 2 §2, §5). */
export const deploymentsQuery = scopeQuery.extend({
  version_from: seconds.optional(),
  version_to: seconds.optional(),
  /** Unix seconds of the first day. */
  created_from: seconds.optional(),
  /** Unix seconds of the last day's start: the whole day is included (+86400 s). */
  created_to: seconds.optional(),
  /** Substring of the deploying user's name (case-insensitive). */
  user: z.string().max(200).optional(),
  project_env: projectEnv.default('prod'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
/** The filters as the browser sends them. */
export type DeploymentsFilter = {
  version_from?: number;
  version_to?: number;
  created_from?: number;
  created_to?: number;
  user?: string;
  project_env?: 'dev' | 'prod';
  limit?: number;
  offset?: number;
};
export type DeploymentsQuery = z.output<typeof deploymentsQuery>;

export const getDeployments = defineCall({
  name: 'getDeployments',
  method: 'GET',
  path: '/deployments',
  resource: '/deployments',
  access: grant('GET', '/deployments'),
  query: deploymentsQuery,
  response: z.object({ items: z.array(deployment), total: z.number().int() }),
  summary: 'Deployments of one environment, newest first, filtered on the server.',
});
