import type { ProjectEnv } from '../../api/contract/common.ts';
import type { PresetPeriod } from './period.ts';

export type DashboardEvent =
  | { type: 'period.preset'; kind: PresetPeriod }
  /** A custom range from the date picker: both days, in order. */
  | { type: 'period.custom'; from: string; to: string }
  | { type: 'env.set'; env: ProjectEnv }
  | { type: 'stats.retry' };
