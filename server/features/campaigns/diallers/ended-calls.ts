import type { CallStatus } from '../dialler.ts';

const KEPT = 10_000;

/** What became of recent calls, for `status` after their end (bounded: the oldest are forgotten first). */
export class EndedCalls {
  private readonly ended = new Map<string, CallStatus>();

  remember(providerCallId: string, status: CallStatus): void {
    this.ended.set(providerCallId, status);
    if (this.ended.size > KEPT) this.ended.delete(this.ended.keys().next().value as string);
  }

  get(providerCallId: string): CallStatus | undefined {
    return this.ended.get(providerCallId);
  }
}
