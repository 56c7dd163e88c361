import type { PlatformSettings } from '../../api/contract/platform.ts';
import type { PlatformTask } from './actors.ts';

export type PlatformEvent =
  | { type: 'platform.run'; task: PlatformTask }
  | { type: 'platform.reload' }
  | { type: 'platform.dismissPassword' }
  | { type: 'policy.edit'; policy: PlatformSettings }
  | { type: 'policy.save' };
