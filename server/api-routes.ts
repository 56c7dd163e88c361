import type { FastifyInstance } from 'fastify';
import type { AppServices } from './app-services.ts';
import authRoutes from './features/sign-in/auth-routes.ts';
import projectRoutes from './features/projects/projects-routes.ts';
import otpRoutes from './features/sign-in/otp-routes.ts';
import ssoRoutes from './features/sign-in/sso-routes.ts';
import storageRoutes from './features/storage/storage-routes.ts';
import entityRoutes from './features/intents/entities-routes.ts';
import intentRoutes from './features/intents/intents-routes.ts';
import synonymRoutes from './features/intents/synonyms-routes.ts';
import trainingRoutes from './features/training/training-routes.ts';
import unclassifiedRoutes from './features/unclassified/unclassified-routes.ts';
import usersMeRoutes from './features/users/users-me-routes.ts';
import auditRoutes from './features/audit/audit-routes.ts';
import companyRoutes from './features/companies/companies-routes.ts';
import labelRoutes from './features/settings/labels-routes.ts';
import languageRoutes from './features/settings/languages-routes.ts';
import settingsRoutes from './features/settings/settings-routes.ts';
import usersLogRoutes from './features/users/users-logs-routes.ts';
import voiceRoutes from './features/settings/voices-routes.ts';
import userRoutes from './features/users/users-routes.ts';
import usersProjectsRoutes from './features/users/users-projects-routes.ts';
import roleRoutes from './features/users/roles-routes.ts';
import permissionRoutes from './features/users/permissions-routes.ts';
import actionRoutes from './features/dialogue/actions-routes.ts';
import actionTestCallRoutes from './features/dialogue/action-test-call-routes.ts';
import chatRoutes from './features/chat/chat-routes.ts';
import chatSocketRoutes from './features/chat/chat-socket-routes.ts';
import conversationRoutes from './features/chat/conversations-routes.ts';
import reactionScopeRoutes from './features/dialogue/reaction-scopes-routes.ts';
import reactionRoutes from './features/dialogue/reactions-routes.ts';
import widgetBundleRoutes from './features/chat/widget-bundle-routes.ts';
import testRoutes from './features/tests/tests-routes.ts';
import testRunRoutes from './features/tests/test-runs-routes.ts';
import deploymentRoutes from './features/deployments/deployments-routes.ts';
import chatbotTestRoutes from './features/chatbot-test/chatbot-test-routes.ts';
import statsRoutes from './features/stats/stats-routes.ts';
import knowledgeRoutes from './features/knowledge/knowledges-routes.ts';
import qaTrainingRoutes from './features/knowledge/qa-trainings-routes.ts';
import outboundRoutes from './features/campaigns/outbound-routes.ts';
import doNotCallRoutes from './features/campaigns/do-not-call-routes.ts';
import outboundStatusRoutes from './features/campaigns/outbound-status-routes.ts';
import outboundVoiceRoutes from './features/campaigns/outbound-voice-routes.ts';
import emailReportRoutes from './features/email-reports/email-reports-routes.ts';

/** Every /v1 route plugin, one per resource. A new resource adds one line here. */
export const apiRoutePlugins: Array<(app: FastifyInstance, services: AppServices) => Promise<void>> = [
  authRoutes,
  usersMeRoutes,
  projectRoutes,
  settingsRoutes,
  labelRoutes,
  companyRoutes,
  languageRoutes,
  voiceRoutes,
  auditRoutes,
  usersLogRoutes,
  userRoutes,
  usersProjectsRoutes,
  roleRoutes,
  permissionRoutes,
  storageRoutes,
  otpRoutes,
  ssoRoutes,
  intentRoutes,
  synonymRoutes,
  entityRoutes,
  unclassifiedRoutes,
  trainingRoutes,
  reactionRoutes,
  reactionScopeRoutes,
  actionRoutes,
  actionTestCallRoutes,
  chatRoutes,
  chatSocketRoutes,
  conversationRoutes,
  widgetBundleRoutes,
  testRoutes,
  testRunRoutes,
  deploymentRoutes,
  chatbotTestRoutes,
  statsRoutes,
  knowledgeRoutes,
  qaTrainingRoutes,
  outboundRoutes,
  doNotCallRoutes,
  outboundStatusRoutes,
  outboundVoiceRoutes,
  emailReportRoutes,
];
