import type { ReactionAction } from '../../api/contract/reactions.ts';

/** One short line per step, for nodes and summaries: `utter "Hello…"`, `date_picker → delivery_date`. */
export function stepSummary(step: ReactionAction): string {
  const text = (name: string) => (typeof step.args[name] === 'string' ? (step.args[name] as string) : '');
  const clip = (s: string, n = 28) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  switch (step.name) {
    case 'utter':
      return `utter “${clip(text('text'))}”`;
    case 'buttons':
    case 'links': {
      const list = Array.isArray(step.args[step.name]) ? (step.args[step.name] as unknown[]) : [];
      return `${step.name} (${list.length})`;
    }
    case 'date_picker':
    case 'select_box':
      return `${step.name} → ${text('variable') || text('entity')}`;
    case 'change_scope':
      return `change_scope → ${text('scope') || '(none)'}`;
    case 'timeout':
      return `timeout ${Number(step.args.seconds) || '?'} s → ${text('reaction')}`;
    case 'set_variable':
      return `set ${text('name')}`;
    case 'call_transfer':
      return `call_transfer → ${String(step.args.project_id ?? '')}`;
    case 'webhook':
      return `webhook ${text('action')}`;
    default:
      return step.name;
  }
}
