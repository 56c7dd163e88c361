import fs from 'node:fs/promises';
import path from 'node:path';

/** The parts of a V8 .cpuprofile (node --cpu-prof) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled CPU time in the window, without idle time. */
  busy_ms: number;
  idle_ms: number;
  top: { function: string; where: string; self_ms: number; self_percent: number }[];
  /** Self time by package (node_modules/x), by directory of ours (server/x), or node's own (node:…, native). */
  by_area: { area: string; self_ms: number; self_percent: number }[];
}

function areaOf(where: string): string {
  if (!where) return '(native, GC, program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (pkg) return pkg[1]!;
  if (where.startsWith('node:')) return `node:${where.slice(5).split(/[/:]/)[0]}`;
  const own = /^(server|src)\/([^/:]+)/.exec(where);
  return own ? `${own[1]}/${own[2]}` : where.split(':')[0]!;
}

/**
 * The functions with the most self time in a .cpuprofile, counting only samples between `fromUs` and `toUs`
 * (microseconds of the monotonic clock, which V8's profile timestamps and process.hrtime share on Linux), so a
 * server's start-up does not crowd out the step that was measured.
 */
export async function summariseProfile(
  file: string,
  fromUs: number,
  toUs: number,
  count = 10,
): Promise<ProfileSummary> {
  const profile = JSON.parse(await fs.readFile(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, { function: string; where: string; us: number }>();
  let t = profile.startTime;
  let idle = 0;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample's time is the gap to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (t < fromUs || t > toUs) continue;
    const frame = frames.get(profile.samples[i]!)!;
    if (frame.functionName === '(idle)') {
      idle += dt;
      continue;
    }
    busy += dt;
    const where = frame.url
      ? `${frame.url.replace(/^file:\/\//, '').replace(`${path.resolve(import.meta.dirname, '..')}/`, '')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName}\t${where}`;
    const entry = self.get(key) ?? { function: frame.functionName || '(anonymous)', where, us: 0 };
    entry.us += dt;
    self.set(key, entry);
  }
  const top = [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((e) => ({
      function: e.function,
      where: e.where,
      self_ms: Math.round(e.us / 1000),
      self_percent: Number(((100 * e.us) / Math.max(1, busy)).toFixed(1)),
    }));
  const areas = new Map<string, number>();
  for (const e of self.values()) areas.set(areaOf(e.where), (areas.get(areaOf(e.where)) ?? 0) + e.us);
  const percent = (us: number) => Number(((100 * us) / Math.max(1, busy)).toFixed(1));
  const by_area = [...areas]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([area, us]) => ({ area, self_ms: Math.round(us / 1000), self_percent: percent(us) }));
  return { busy_ms: Math.round(busy / 1000), idle_ms: Math.round(idle / 1000), top, by_area };
}
