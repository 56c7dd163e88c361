import { getMe } from './contract/users.ts';
import { callApi } from './client.ts';

/** On start-up a 401/403 just means "not logged in": the session machine goes to login without a notice. */
export const loadCurrentUser = () => callApi(getMe, { expectedStatuses: [401, 403] });
