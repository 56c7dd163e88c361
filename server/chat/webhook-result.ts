/** What a webhook call gave the turn: the runtime decides on it, the adapter (services/webhook) makes the call. */
export type WebhookResult = { ok: true; status: number; data: unknown } | { ok: false; reason: string };
