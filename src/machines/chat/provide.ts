import { getProjectEntities } from '../../api/entities.ts';
import { getSettings } from '../../api/settings.ts';
import { getTests, insertTest } from '../../api/tests.ts';
import { provideChat } from './providedChat.ts';
import { showNotice } from '../../console/notices.ts';

/** The console's chat test window: the session's calls on the working draft, with intent and confidence. */
export const providedChatMachine = provideChat(
  { kind: 'session' },
  {
    loadClientStyle: () =>
      getSettings()
        .then((s) => s.chatbot_client_scss ?? '')
        .catch(() => ''),
    // Converting a conversation to a test: the existing names (uniqueness) and PUT /tests/-1.
    tests: {
      loadTestNames: async () => (await getTests()).map((t) => t.name),
      createTest: (test) => insertTest(test),
    },
    loadProjectEntities: getProjectEntities,
    notify: (notice) =>
      showNotice({
        title: notice.text,
        color: notice.tone === 'error' ? 'red' : notice.tone === 'success' ? 'green' : 'blue',
      }),
  },
);
