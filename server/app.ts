import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAppServices } from './app-scope.ts';
import type { AppServices } from './app-services.ts';
import type { ServerConfig } from './config.ts';
import { type Db, statementCount } from './db/database.ts';
import { type InventoriedRoute, installAccessHook, requireDeclaredAccess } from './http/access-hook.ts';
import { statechartGallery } from './http/statechart-gallery.ts';
import { declareErrorResponses } from './http/error-responses.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installOverloadGuard } from './http/overload-guard.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import './http/fastify-types.ts';
import { apiRoutePlugins } from './api-routes.ts';
import { registerMetrics } from './features/metrics/metrics-routes.ts';

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  logger?: boolean | object;
  /** Extra /v1 plugins (tests prove the start-up check with one that declares no permission). */
  extraApiPlugins?: Array<(app: FastifyInstance) => Promise<void>>;
}

/** Content Security Policy: nothing inline but Mantine's styles, no plugins, framed only by ourselves. */
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    frameSrc: ["'self'", 'http:', 'https:'],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/** Builds the whole server in a fixed order: external plugins, the /v1 API, then the SPA (STYLE: Server). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: options.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(cookie);
  installSecurityHeaders(app, {
    contentSecurityPolicy,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Uploads (storage): one file per request; each route sets its own size limit (413 above it).
  await app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Bot console API', version: '1' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });

  const routeInventory: InventoriedRoute[] = [];
  app.decorate('routeInventory', routeInventory);
  // --- Websockets (the chat's integration messages, /v1/chat/subscribe-integration-messages) ---
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // --- end websockets ---

  // --- Application services (server/app-scope.ts), before the routes that use them ---
  const services: AppServices = createAppServices(app, options.db, options.config);
  // Prometheus's scrape (METRICS_TOKEN; server/features/metrics/), before the routes its request timing covers.
  if (services.metrics && options.config.metricsToken) {
    registerMetrics(app, services.metrics, options.config.metricsToken);
  }
  // The /v1 requests this process works on now (server/http/overload-guard.ts): the bench's counters, the tests.
  let inFlight = () => 0;
  app.decorate('requestsInFlight', () => inFlight());
  await app.register(
    async (api) => {
      requireDeclaredAccess(api, routeInventory);
      // First of the hooks: a refused request costs no session read, no body parse (issue 35).
      inFlight = installOverloadGuard(api, options.config.maxRequestsInFlight).inFlight;
      declareErrorResponses(api);
      installAccessHook(api, options.db);
      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      for (const plugin of apiRoutePlugins) await api.register(plugin, services);
      for (const plugin of options.extraApiPlugins ?? []) await api.register(plugin);
    },
    { prefix: '/v1' },
  );

  await app.register(swaggerUi, { routePrefix: '/docs' });
  // Shutting down behind a load balancer (main.ts, SHUTDOWN_DRAIN_MS): /healthz answers 503 so the balancer sends
  // no new requests here, and every answer closes its connection so the balancer reuses none of them.
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  // 200 while this process can serve: it reaches its database (else 503 through the error handler) and is not
  // shutting down. HAProxy's health check (deploy/haproxy.cfg).
  app.get('/healthz', async (_request, reply) => {
    if (draining) return reply.code(503).send({ status: 'shutting down' });
    await options.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return { status: 'ok' };
  });
  if (options.config.benchCounters) {
    // What a load benchmark divides by the messages it sent (off unless BENCH_COUNTERS=1; no secrets in it), and
    // how long this process's event loop was held up since the previous reading (a stall delays every request).
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    app.addHook('onClose', async () => loopDelay.disable());
    app.get('/bench/counters', async () => {
      const cpu = process.cpuUsage();
      const delay = { p99_ms: loopDelay.percentile(99) / 1e6, max_ms: loopDelay.max / 1e6 };
      loopDelay.reset();
      return {
        sql_statements: statementCount(),
        cpu_user_us: cpu.user,
        cpu_system_us: cpu.system,
        pid: process.pid,
        loop_delay: delay,
        requests_in_flight: inFlight(),
      };
    });
  }

  if (fs.existsSync(path.join(options.config.statechartsDir, 'index.html'))) {
    await app.register(statechartGallery, { db: options.db, root: options.config.statechartsDir });
  }
  const dist = options.config.distDir;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return app;
}
