import { fromPromise } from 'xstate';
import { SkippedCallError } from '../../api/client.ts';
import {
  loadLanguages,
  loadPlatformSettings,
  loadVoices,
  removeUserOtp,
  savePlatformSettings,
} from '../../api/settings.ts';
import { removeCompany, loadCompanies, storeCompany } from '../../api/companies.ts';
import { loadUsers, renewUserPassword } from '../../api/usersAdmin.ts';
import { platformSettingsMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

/** The platform-settings machine with its real side effects: the API and Mantine notifications. */
export const providedPlatformSettingsMachine = platformSettingsMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [policy, companies, languages, voices, users] = await Promise.all([
        // Without the platform grant the policy is not shown (the client does not even ask).
        loadPlatformSettings().catch((error: unknown) => {
          if (error instanceof SkippedCallError) return null;
          throw error;
        }),
        loadCompanies(),
        loadLanguages(),
        loadVoices(),
        // Without the users grant the list is simply empty.
        loadUsers().catch(() => []),
      ]);
      return { policy, companies, languages, voices, users };
    }),
    perform: fromPromise(async ({ input }) => {
      switch (input.kind) {
        case 'policy':
          await savePlatformSettings(input.policy);
          return {};
        case 'company.save':
          await storeCompany(input.id, input.name);
          return {};
        case 'company.delete':
          await removeCompany(input.id);
          return {};
        case 'user.resetPassword':
          return { password: (await renewUserPassword(input.id)).password };
        case 'user.resetOtp':
          await removeUserOtp(input.id);
          return {};
      }
    }),
  },
  actions: noticeActions,
});
