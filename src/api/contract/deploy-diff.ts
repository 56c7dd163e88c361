import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { projectEnv, scopeQuery } from './common.ts';
import { deployment } from './deployments.ts';
import { MAX_ROW_ID } from './row-id.ts';
import { trainingStatus } from './training.ts';

export const diffChange = z.enum(['added', 'changed', 'removed']);
export type DiffChange = z.infer<typeof diffChange>;

/** One item that differs: its value in the environment now (`before`) and after the deploy (`after`). */
export const deployDiffItem = z.object({
  /** Stable identity within the resource (id, synonym name or settings key). */
  key: z.string(),
  name: z.string(),
  change: diffChange,
  before: z.unknown(),
  after: z.unknown(),
});
export type DeployDiffItem = z.infer<typeof deployDiffItem>;

/** A resource's counts and only the items that changed (the server computes it: DESIGN, "Deploy diff"). */
export const deployDiffResource = z.object({
  /** reactions, intents, synonyms, entities, actions, settings… (the server's list decides). */
  resource: z.string(),
  label: z.string(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  /** Items left out beyond this many per resource (the counts stay exact). */
  truncated: z.number().int(),
  items: z.array(deployDiffItem),
});
export type DeployDiffResource = z.infer<typeof deployDiffResource>;

export const deployDiff = z.object({
  env: projectEnv,
  /** The deployment the environment serves now, null before its first deployment. */
  current_deployment_id: z.number().int().nullable(),
  /** Rollback: the deployment that goes live again. */
  rollback_of: z.number().int().nullable(),
  /**
   * What goes live (issue 34): the working draft, the build on Testing (promotion) or an earlier production
   * deployment (rollback).
   */
  source: z.enum(['draft', 'testing', 'rollback']),
  /** The deployment whose frozen copy goes live (testing or rollback); null for the draft. */
  source_deployment_id: z.number().int().nullable(),
  /** Production only: the deployment Testing serves now (the build QA tested), null before its first. */
  testing_build: deployment.nullable(),
  resources: z.array(deployDiffResource),
  /** The draft's model (null for a rollback, which deploys a frozen model). */
  training: trainingStatus.nullable(),
});
export type DeployDiff = z.infer<typeof deployDiff>;

/** At most this many changed items per resource are sent; counts are always exact. */
export const DIFF_ITEMS_MAX = 200;

/** Texts of the deploy modal's diff (ours). */
export const DIFF_FAILED = 'Cannot load what would change.';
/** The diff failed: the deploy (or rollback) may still go ahead, after the dialog said so. */
export const DEPLOY_WITHOUT_DIFF = 'Deploy without it';
export const DIFF_UNAVAILABLE_NOTE = 'What would change is unavailable: this deploy goes ahead without seeing it.';
export const DIFF_NOTHING = 'Nothing changes: the environment already serves this.';
export const MODEL_STALE_NOTE = 'The language model is older than the intents, synonyms or entities. Train it first.';
export const MODEL_TRAINING_NOTE = 'The language model is being trained…';

/** Texts of the production dialog's choice of what goes live (ours, issue 34). */
export const SOURCE_TESTING = 'The build on Testing';
export const SOURCE_DRAFT = 'The current draft';
export const DRAFT_NOT_TESTED =
  'The current draft was not deployed to Testing: what changed since the testing deploy goes live untested there.';
export const NO_TESTING_BUILD = 'Nothing is deployed to Testing yet: only the current draft can go live.';
/** The tests of a promotion run on the build on Testing, not on the draft. */
export const testsOnBuild = (id: number): string => `The tests run on deployment ${id}, the build on Testing.`;

/**
 * GET /run/deploy/diff: what a deploy (or, with toDeploymentId, a rollback) would change in the environment,
 * per resource. Same permission as deploying to that environment.
 */
export const getDeployDiff = defineCall({
  name: 'getDeployDiff',
  method: 'GET',
  path: '/run/deploy/diff',
  resource: '/deployments',
  access: grant('GET', '/run/deploy', 'query'),
  query: scopeQuery.extend({
    project_env: projectEnv,
    toDeploymentId: z.coerce.number().int().min(1).max(MAX_ROW_ID).optional(),
    /** Production: compare the build Testing serves (not the draft); the draft when Testing has none. */
    source: z.enum(['draft', 'testing']).default('draft'),
  }),
  response: deployDiff,
  summary: 'What a deploy or rollback would change: counts per resource and the changed items only.',
});
