import type { FastifyInstance } from 'fastify';
import type { AppServices } from './app-services.ts';
import authRoutes from './routes/auth.ts';
import projectRoutes from './routes/projects.ts';
import otpRoutes from './routes/otp.ts';
import ssoRoutes from './routes/sso.ts';
import storageRoutes from './routes/storage.ts';
import entityRoutes from './routes/entities.ts';
import intentRoutes from './routes/intents.ts';
import synonymRoutes from './routes/synonyms.ts';
import trainingRoutes from './routes/training.ts';
import unclassifiedRoutes from './routes/unclassified.ts';
import usersMeRoutes from './routes/users-me.ts';
import auditRoutes from './routes/audit.ts';
import companyRoutes from './routes/companies.ts';
import labelRoutes from './routes/labels.ts';
import languageRoutes from './routes/languages.ts';
import settingsRoutes from './routes/settings.ts';
import usersLogRoutes from './routes/users-logs.ts';
import voiceRoutes from './routes/voices.ts';
import userRoutes from './routes/users.ts';
import usersProjectsRoutes from './routes/users-projects.ts';
import roleRoutes from './routes/roles.ts';
import permissionRoutes from './routes/permissions.ts';
import actionRoutes from './routes/actions.ts';
import actionTestCallRoutes from './routes/action-test-call.ts';
import chatRoutes from './routes/chat.ts';
import chatSocketRoutes from './routes/chat-socket.ts';
import conversationRoutes from './routes/conversations.ts';
import reactionScopeRoutes from './routes/reaction-scopes.ts';
import reactionRoutes from './routes/reactions.ts';
import widgetBundleRoutes from './routes/widget-bundle.ts';
import testRoutes from './routes/tests.ts';
import testRunRoutes from './routes/test-runs.ts';
import deploymentRoutes from './routes/deployments.ts';
import chatbotTestRoutes from './routes/chatbot-test.ts';
import statsRoutes from './routes/stats.ts';
import knowledgeRoutes from './routes/knowledges.ts';
import qaTrainingRoutes from './routes/qa-trainings.ts';
import outboundRoutes from './features/campaigns/outbound-routes.ts';
import outboundStatusRoutes from './features/campaigns/outbound-status-routes.ts';
import outboundVoiceRoutes from './features/campaigns/outbound-voice-routes.ts';

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
  outboundStatusRoutes,
  outboundVoiceRoutes,
];
