import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';
import * as userDeletion from './0002-user-deletion.ts';
import * as settings from './0003-settings.ts';
import * as storageOtpSso from './0004-storage-otp-sso.ts';
import * as languageModel from './0005-language-model.ts';
import * as dialogue from './0006-dialogue.ts';
import * as testsDeployments from './0007-tests-deployments.ts';
import * as stats from './0008-stats.ts';
import * as knowledge from './0009-knowledge.ts';
import * as campaigns from './0010-campaigns.ts';
import * as campaignEngines from './0011-campaign-engines.ts';
import * as chatScale from './0012-chat-scale.ts';
import * as transcriptCompression from './0013-transcript-compression.ts';
import * as conversationEntries from './0014-conversation-entries.ts';
import * as emailReports from './0015-email-reports.ts';
import * as voiceCampaigns from './0016-voice-campaigns.ts';
import * as answeringMachines from './0017-answering-machines.ts';

/** Every migration, in order. A new file is added here under the next number. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-user-deletion': userDeletion,
  '0003-settings': settings,
  '0004-storage-otp-sso': storageOtpSso,
  '0005-language-model': languageModel,
  '0006-dialogue': dialogue,
  '0007-tests-deployments': testsDeployments,
  '0008-stats': stats,
  '0009-knowledge': knowledge,
  '0010-campaigns': campaigns,
  '0011-campaign-engines': campaignEngines,
  '0012-chat-scale': chatScale,
  '0013-transcript-compression': transcriptCompression,
  '0014-conversation-entries': conversationEntries,
  '0015-email-reports': emailReports,
  '0016-voice-campaigns': voiceCampaigns,
  '0017-answering-machines': answeringMachines,
};
