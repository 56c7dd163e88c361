export type DeployEnv = 'dev' | 'prod';
export type DeployTestStatus = 'pending' | 'running' | 'ok' | 'failed';

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
  // From the test runner actor:
  | { type: 'test.running'; id: number }
  | { type: 'test.settled'; id: number; ok: boolean; result: string };

export type DeployModalEmitted = { type: 'deploy.done'; env: DeployEnv };
