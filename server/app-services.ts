import type { CampaignEngine } from './features/campaigns/engine.ts';
import type { Clock } from './features/campaigns/clock.ts';
import type { Dialler } from './features/campaigns/dialler.ts';
import type { ServerConfig } from './config.ts';
import type { EmailReportSender } from './features/email-reports/email-report-sender.ts';
import type { Db } from './db/database.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { BotSource } from './features/deployments/bot-source.ts';
import type { ChatRuntime } from './features/chat/chat-runtime.ts';
import type { ScreenshotService } from './features/chatbot-test/screenshots/screenshot-service.ts';
import type { AppMetrics } from './features/metrics/app-metrics.ts';
import type { TestRuns } from './features/tests/test-runs.ts';
import type { SpeechEngine } from './speech/speech-engine.ts';

/** The application's dependencies: every long-lived part, created and closed by server/app-scope.ts. */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  /** The bots conversations and tests talk to (draft or deployment), with this process's model cache. */
  bots: BotSource;
  /** The chat's bus and engine. */
  chat: ChatRuntime;
  /** This process's job runner, or null when worker processes run the jobs (JOBS_IN_PROCESS=0). */
  jobs: JobRunner | null;
  /** The runner threads of stored tests. */
  testRuns: TestRuns;
  /** Pictures of web pages for the chatbot test screen, or null when no service is available. */
  screenshots: ScreenshotService | null;
  /** The text-to-speech engine of the chat's read-utter and the campaigns' voice calls (one per app). */
  speech: SpeechEngine;
  /** Where the campaign engine and the call-list import read the time. */
  clock: Clock;
  /** This process's dialler (CAMPAIGN_DIALLER), or null when none is configured. */
  dialler: Dialler | null;
  /** This process's dialler engine of outbound campaigns, or null when no dialler is configured. */
  campaigns: CampaignEngine | null;
  /** This process's sender of email reports (its schedule and "Send now"). */
  emailReports: EmailReportSender;
  /** This app's Prometheus registry and its metrics, or null when /metrics is off (no METRICS_TOKEN). */
  metrics: AppMetrics | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The application services (server/app-scope.ts). */
    services: AppServices;
  }
}
