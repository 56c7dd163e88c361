const TIME_LIMIT_MS = 10_000;

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

/** One call of a hosted gateway's REST API, with a time limit; a refusal becomes a GatewayError naming the gateway. */
export async function gatewayRequest(
  gateway: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } catch (error) {
    throw new GatewayError(`${gateway} did not answer: ${(error as Error).message}`, null);
  }
  const text = await answer.text();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed;
  } catch {
    body = null;
  }
  if (!answer.ok && answer.status !== 404) {
    const said = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : '';
    throw new GatewayError(
      `${gateway} refused the request (${answer.status})${said ? `: ${said}` : '.'}`,
      answer.status,
    );
  }
  return { status: answer.status, body };
}

/** A field of a webhook or answer as text ('' when absent or not a scalar). */
export function field(fields: Record<string, unknown> | null, name: string): string {
  const value = fields?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A SIP status among the fields, when it is one. */
export function sipCode(value: string): string | null {
  return /^[1-6]\d\d$/.test(value) ? value : null;
}
