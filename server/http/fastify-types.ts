import type { CallAccess } from '../../src/api/contract/call.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /v1 route with its declared access, filled as routes register. */
    routeInventory: import('./access-hook.ts').InventoriedRoute[];
    /** Shutting down: /healthz answers 503 and every answer closes its connection (server/app.ts). */
    drain(): void;
    /** The /v1 requests this process works on now, counted against MAX_REQUESTS_IN_FLIGHT (overload-guard.ts). */
    requestsInFlight(): number;
  }
  interface FastifyContextConfig {
    /** Every /v1 route declares who may call it; start-up fails without it (DESIGN §4). */
    access?: CallAccess;
    resource?: string;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    projectId: number | null;
    sessionToken: string | undefined;
  }
}
