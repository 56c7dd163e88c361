import { fromPromise } from 'xstate';
import {
  getLanguages,
  getPlatformSettings,
  getVoices,
  resetUserOtp,
  updatePlatformSettings,
} from '../../api/settings.ts';
import { deleteCompany, getCompanies, saveCompany } from '../../api/companies.ts';
import { getUsers, resetUserPassword } from '../../api/usersAdmin.ts';
import { platformSettingsMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The platform-settings machine with its real side effects: the API and Mantine notifications. */
export const providedPlatformSettingsMachine = platformSettingsMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [policy, companies, languages, voices, users] = await Promise.all([
        getPlatformSettings(),
        getCompanies(),
        getLanguages(),
        getVoices(),
        // Without the users grant the list is simply empty.
        getUsers().catch(() => []),
      ]);
      return { policy, companies, languages, voices, users };
    }),
    perform: fromPromise(async ({ input }) => {
      switch (input.kind) {
        case 'policy':
          await updatePlatformSettings(input.policy);
          return {};
        case 'company.save':
          await saveCompany(input.id, input.name);
          return {};
        case 'company.delete':
          await deleteCompany(input.id);
          return {};
        case 'user.resetPassword':
          return { password: (await resetUserPassword(input.id)).password };
        case 'user.resetOtp':
          await resetUserOtp(input.id);
          return {};
      }
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});
