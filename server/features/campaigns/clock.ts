/**
 * Where the campaign engine and the call-list import read the time: injected, so tests move it (a day of retries in
 * milliseconds) and the engine never compares a wall clock with a test's scheduled times.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class TestClock implements Clock {
  private time: number;
  constructor(start: Date | string) {
    this.time = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.time);
  }
  set(t: Date | string): void {
    this.time = new Date(t).getTime();
  }
  advance(ms: number): void {
    this.time += ms;
  }
}
