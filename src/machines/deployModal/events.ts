import type { Deployment } from '../../api/contract/deployments.ts';

export type DeployEnv = 'dev' | 'prod';
export type DeployTestStatus = 'pending' | 'running' | 'ok' | 'failed';
/** What a production deploy takes (issue 34): the build on Testing (QA's) or the current draft. */
export type DeploySource = 'testing' | 'draft';

export type DeployModalEvent =
  /** Deploy dropdown (Testing Ctrl+Shift+E, Production), the deployments screen's buttons and Rollback links. */
  | { type: 'deploy.open'; env: DeployEnv; rollbackOf?: number | null }
  | { type: 'message.change'; message: string }
  /** Deploy button or Ctrl+Enter in the message. */
  | { type: 'deploy.submit' }
  | { type: 'deploy.anyway' }
  | { type: 'deploy.cancel' }
  /** Retry after the diff failed to load. */
  | { type: 'diff.retry' }
  /** 'Deploy without it': the diff failed to load and the dialog said so; the deploy (or rollback) goes ahead. */
  | { type: 'diff.skip' }
  /** 'Train first': the draft's model is older than its intents. */
  | { type: 'deploy.train' }
  /** Production: the build on Testing or the current draft goes live; the diff and the tests load again for it. */
  | { type: 'source.choose'; source: DeploySource }
  // From the test runner actor:
  | { type: 'test.running'; id: number }
  | { type: 'test.settled'; id: number; ok: boolean; result: string };

/** The new deployment, for a list that shows it at once (the deployments screen, from here or from the top bar). */
export type DeployModalEmitted = { type: 'deploy.done'; env: DeployEnv; deployment: Deployment };
