import type { DeploymentsFilter } from '../../api/contract/deployments.ts';

/** The filter form as typed: dates as YYYY-MM-DD (the server gets unix seconds of the day's start). */
export interface FilterForm {
  versionFrom: string;
  versionTo: string;
  createdFrom: string;
  createdTo: string;
  user: string;
  env: 'dev' | 'prod';
}

export const emptyFilter: FilterForm = {
  versionFrom: '',
  versionTo: '',
  createdFrom: '',
  createdTo: '',
  user: '',
  env: 'prod',
};

const daySeconds = (date: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
};
const whole = (text: string): number | undefined => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The query of the form (spec 2 §5: the server adds the whole 'to' day). */
export function filterQuery(form: FilterForm): DeploymentsFilter {
  return {
    version_from: whole(form.versionFrom),
    version_to: whole(form.versionTo),
    created_from: daySeconds(form.createdFrom),
    created_to: daySeconds(form.createdTo),
    user: form.user.trim() || undefined,
    project_env: form.env,
  };
}
