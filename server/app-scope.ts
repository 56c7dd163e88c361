import type { FastifyInstance } from 'fastify';
import type { AppServices } from './app-services.ts';
import { NO_DIALLER_LOG, chooseDialler } from './features/campaigns/choose-dialler.ts';
import { systemClock } from './features/campaigns/clock.ts';
import { CampaignEngine } from './features/campaigns/engine.ts';
import { VoiceSessions } from './features/campaigns/voice-session.ts';
import { createEspeakEngine } from './speech/espeak-engine.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { jobHandlers } from './job-handlers.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { BotSource } from './features/deployments/bot-source.ts';
import { createChatRuntime } from './features/chat/chat-runtime.ts';
import { AppMetrics } from './features/metrics/app-metrics.ts';
import { chooseScreenshotService } from './features/chatbot-test/screenshots/choose-service.ts';
import { TestRuns } from './features/tests/test-runs.ts';
import { webhookAllowList } from './webhook/address-policy.ts';
import { EmailReportSender } from './features/email-reports/email-report-sender.ts';
import { createSmtpMailer } from './features/email-reports/smtp-mailer.ts';

/**
 * The application scope (STYLE: Server, fastify/demo): every long-lived part is created here, once per app,
 * started when the app is ready and closed with it, in reverse order. Routes receive them as AppServices.
 */
export function createAppServices(app: FastifyInstance, db: Db, config: ServerConfig): AppServices {
  // The operator's exceptions to the private-address rule of every server-side fetch (webhooks, callbacks, imports).
  for (const pair of config.privateFetchAllow) webhookAllowList.add(pair);
  const bots = new BotSource(db);
  // Prometheus metrics (METRICS_TOKEN): one registry per app, so apps side by side in one process never collide.
  const metrics = config.metricsToken ? new AppMetrics(db) : null;
  const chat = createChatRuntime(db, config.databaseUrl, bots, { lingerMs: config.chatBatchLingerMs }, metrics);
  // The server runs queued jobs itself unless JOBS_IN_PROCESS=0 (then worker processes do).
  const jobs = config.jobsInProcess ? new JobRunner(db, jobHandlers, { pollMs: config.jobPollMs }) : null;
  const testRuns = new TestRuns(db, bots);
  // One speech engine: the chat's read-utter and the campaigns' voice sessions speak through it.
  const speech = createEspeakEngine(config.espeakBinary);
  // The chatbot test screen's pictures: the local Chromium starts at the first use, or an external service.
  const screenshots = chooseScreenshotService(config.screenshots);
  // Outbound campaigns: every instance runs the dialler engine over the shared database (issue 17 §2).
  const clock = systemClock;
  const dialler = chooseDialler(config.dialler, clock);
  const campaigns = dialler
    ? new CampaignEngine({
        db,
        dialler,
        clock,
        tickMs: config.campaignTickMs,
        voice: new VoiceSessions({
          db,
          chat: chat.engine,
          bots,
          dialler,
          speech,
          log: (message, error) => app.log.warn({ err: error }, message),
        }),
        log: (message, error) => app.log.warn({ err: error }, message),
      })
    : null;
  // Email reports: every instance looks for due periods; each period's mailing is sent once (issue 37 §2).
  const emailReports = new EmailReportSender({
    db,
    mailer: config.smtp ? createSmtpMailer(config.smtp) : null,
    tickMs: config.emailReportsTickMs,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onReady', async () => {
    jobs?.start();
    emailReports.start();
    campaigns?.start();
    // Once per process: campaigns may be started, but nothing places their calls.
    if (!campaigns) app.log.warn(NO_DIALLER_LOG);
  });
  app.addHook('onClose', async () => {
    await emailReports.stop();
    await campaigns?.stop();
    await dialler?.close();
    await jobs?.stop();
    await screenshots?.close();
    await testRuns.close();
    await chat.close();
    metrics?.close();
  });
  const services: AppServices = {
    db,
    config,
    bots,
    chat,
    jobs,
    testRuns,
    screenshots,
    speech,
    clock,
    dialler,
    campaigns,
    emailReports,
    metrics,
  };
  // Tests and tools reach the same instances the routes use.
  app.decorate('services', services);
  return services;
}
