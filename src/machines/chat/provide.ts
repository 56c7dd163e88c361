import { getProjectEntities } from '../../api/entities.ts';
import { loadSettings } from '../../api/settings.ts';
import { loadTests, insertTest } from '../../api/tests.ts';
import { provideChat } from './providedChat.ts';
import { showNotice } from '../../console/notices.ts';

/** The console's chat test window: the session's calls on the working draft, with intent and confidence. */
export const providedChatMachine = provideChat(
  { kind: 'session' },
  {
    loadClientStyle: () =>
      loadSettings()
        .then((s) => s.chatbot_client_scss ?? '')
        .catch(() => ''),
    // Converting a conversation to a test: the existing names (uniqueness) and PUT /tests/-1.
    tests: {
      loadTestNames: async () => (await loadTests()).map((t) => t.name),
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
