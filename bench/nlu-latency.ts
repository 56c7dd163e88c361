/** Percentile of latencies in milliseconds (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** CPU time (user + system, all threads of the process): robust to other processes sharing the cores. */
export function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

export function peakRssMB(): number {
  // resourceUsage().maxRSS is in kilobytes and covers every thread of the process.
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}

export interface EngineRun {
  engine: 'ours' | 'nlp.js';
  dataset: string;
  accuracy: number;
  trainSeconds: number;
  p50Ms: number;
  p99Ms: number;
  peakRssMB: number;
}
