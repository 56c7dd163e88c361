import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import authRoutes from './auth.ts';
import projectRoutes from './projects.ts';
import otpRoutes from './otp.ts';
import ssoRoutes from './sso.ts';
import storageRoutes from './storage.ts';
import entityRoutes from './entities.ts';
import intentRoutes from './intents.ts';
import synonymRoutes from './synonyms.ts';
import trainingRoutes from './training.ts';
import unclassifiedRoutes from './unclassified.ts';
import usersMeRoutes from './users-me.ts';
import auditRoutes from './audit.ts';
import companyRoutes from './companies.ts';
import labelRoutes from './labels.ts';
import languageRoutes from './languages.ts';
import settingsRoutes from './settings.ts';
import usersLogRoutes from './users-logs.ts';
import voiceRoutes from './voices.ts';
import userRoutes from './users.ts';
import usersProjectsRoutes from './users-projects.ts';
import roleRoutes from './roles.ts';
import permissionRoutes from './permissions.ts';
import actionRoutes from './actions.ts';
import actionTestCallRoutes from './action-test-call.ts';
import chatRoutes from './chat.ts';
import chatSocketRoutes from './chat-socket.ts';
import conversationRoutes from './conversations.ts';
import reactionScopeRoutes from './reaction-scopes.ts';
import reactionRoutes from './reactions.ts';
import widgetBundleRoutes from './widget-bundle.ts';
import testRoutes from './tests.ts';
import testRunRoutes from './test-runs.ts';
import deploymentRoutes from './deployments.ts';
import chatbotTestRoutes from './chatbot-test.ts';
import statsRoutes from './stats.ts';
import knowledgeRoutes from './knowledges.ts';
import qaTrainingRoutes from './qa-trainings.ts';
import outboundRoutes from './outbound.ts';
import outboundStatusRoutes from './outbound-status.ts';
import outboundVoiceRoutes from './outbound-voice.ts';

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
