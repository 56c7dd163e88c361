import {
  IconBolt,
  IconBook,
  IconFolder,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconListDetails,
  IconMessageChatbot,
  IconMessageCircle,
  IconMessageQuestion,
  IconMessages,
  IconPhoneOutgoing,
  IconRocket,
  IconSchool,
  IconServerCog,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconTags,
  IconTestPipe,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Method } from '../api/permissions.ts';
import { lazyWithTimeout } from './lazyWithTimeout.ts';

/** A screen module is given its route, so the shared "not built yet" panel can name the screen. */
export type ScreenComponent = ComponentType<{ route: RouteEntry }>;

export interface RouteEntry {
  path: string;
  label: string;
  /** What the screen is for, shown in headers, the dashboard and the "not built yet" panel. */
  purpose: string;
  icon: Icon;
  /** Ctrl+G then this letter opens the screen (spec 1 §2). */
  hotkey?: string;
  /** The permission needed to see the menu item and open the screen (spec 1 §6). */
  permission?: { method: Method; path: string };
  /** Where the entry appears: the sidebar, the user menu, or nowhere (reached by link only). */
  placement: 'sidebar' | 'userMenu' | 'hidden';
  /** Hidden for chat-only projects (spec 1 §2: outbound). */
  voiceOnly?: boolean;
  screen: LazyExoticComponent<ScreenComponent>;
}

const lazyScreen = (load: () => Promise<{ default: ScreenComponent }>) => lazyWithTimeout<ScreenComponent>(load);

const dashboard = lazyScreen(() => import('./dashboard/DashboardScreen.tsx'));

const get = (path: string) => ({ method: 'GET' as const, path });

/** Every route of spec 1 §2 under /app, in menu order. */
export const appRoutes: RouteEntry[] = [
  {
    path: '/app/dashboard',
    label: 'Dashboard',
    purpose: 'Overview of the project and quick links.',
    icon: IconLayoutDashboard,
    hotkey: 'D',
    permission: get('/stats'),
    placement: 'sidebar',
    screen: dashboard,
  },
  {
    path: '/app/email-reports',
    label: 'Email reports',
    purpose: "The dashboard's figures by email, daily, weekly or monthly.",
    icon: IconMail,
    permission: get('/email-reports'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./emailReports/EmailReportsScreen.tsx')),
  },
  {
    path: '/app/grapheditor',
    label: 'Graph editor',
    purpose: 'Design the reaction flow of the bot.',
    icon: IconSitemap,
    hotkey: 'G',
    permission: get('/reactions'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./graphEditor/GraphEditorScreen.tsx')),
  },
  {
    path: '/app/actions',
    label: 'Actions',
    purpose: 'What the bot does: utterances, buttons, webhooks and more.',
    icon: IconBolt,
    hotkey: 'A',
    permission: get('/actions'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./actions/ActionsScreen.tsx')),
  },
  {
    path: '/app/intents',
    label: 'Intents',
    purpose: 'What users mean, taught with example phrases.',
    icon: IconMessageCircle,
    hotkey: 'I',
    permission: get('/intents'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./intents/IntentsScreen.tsx')),
  },
  {
    path: '/app/entities',
    label: 'Entities',
    purpose: 'Values the bot picks out of messages.',
    icon: IconTags,
    hotkey: 'E',
    permission: get('/entities'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./entities/EntitiesScreen.tsx')),
  },
  {
    path: '/app/fallbacks',
    label: 'Fallbacks',
    purpose: 'Messages the bot did not understand, waiting for classification.',
    icon: IconMessageQuestion,
    hotkey: 'F',
    permission: get('/intents/unclassified'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./fallbacks/FallbacksScreen.tsx')),
  },
  {
    path: '/app/tests',
    label: 'Tests',
    purpose: 'Scripted conversations that check the bot still behaves.',
    icon: IconTestPipe,
    hotkey: 'T',
    permission: get('/tests'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./tests/TestsScreen.tsx')),
  },
  {
    path: '/app/logs',
    label: 'Conversations',
    purpose: 'Conversations people had with the bot.',
    icon: IconMessages,
    hotkey: 'C',
    permission: get('/conversations'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./logs/LogsScreen.tsx')),
  },
  {
    path: '/app/outbound',
    label: 'Outbound',
    purpose: 'Outbound call campaigns.',
    icon: IconPhoneOutgoing,
    hotkey: 'O',
    permission: get('/outbound/campaigns'),
    placement: 'sidebar',
    voiceOnly: true,
    screen: lazyScreen(() => import('./outbound/OutboundScreen.tsx')),
  },
  {
    path: '/app/knowledge',
    label: 'Knowledge base',
    purpose: 'Answers the bot can look up.',
    icon: IconBook,
    hotkey: 'K',
    permission: get('/knowledges'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./knowledge/KnowledgeScreen.tsx')),
  },
  {
    path: '/app/storage',
    label: 'Storage',
    purpose: 'Files of the project.',
    icon: IconFolder,
    hotkey: 'R',
    permission: get('/storage'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./storage/StorageScreen.tsx')),
  },
  {
    path: '/app/deployments',
    label: 'Deployments',
    purpose: 'Versions deployed to testing and production, and rollback.',
    icon: IconRocket,
    hotkey: 'P',
    permission: get('/deployments'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./deployments/DeploymentsScreen.tsx')),
  },
  {
    path: '/app/history',
    label: 'History',
    purpose: 'Compare the project with an earlier point in time.',
    icon: IconHistory,
    hotkey: 'H',
    permission: get('/history'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./history/HistoryScreen.tsx')),
  },
  {
    path: '/app/settings',
    label: 'Settings',
    purpose: 'Language, channel and chatbot settings of the project.',
    icon: IconSettings,
    hotkey: 'S',
    permission: get('/settings'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./settings/SettingsScreen.tsx')),
  },
  {
    path: '/app/platform-settings',
    label: 'Platform access',
    purpose: 'Users, companies and platform-wide settings.',
    icon: IconServerCog,
    // Everyone's (spec 1 §2 user menu); what it shows follows the user's grants (issue 34).
    placement: 'userMenu',
    screen: lazyScreen(() => import('./platformSettings/PlatformSettingsScreen.tsx')),
  },
  {
    path: '/app/users',
    label: 'Users',
    purpose: 'Who may sign in: create, edit, delete and reset users.',
    icon: IconUsers,
    permission: get('/users'),
    placement: 'userMenu',
    screen: lazyScreen(() => import('./users/UsersAdminScreen.tsx')),
  },
  {
    path: '/app/users-logs',
    label: 'Login logs',
    purpose: 'What users did in the last 2 months.',
    icon: IconListDetails,
    permission: get('/users-logs'),
    placement: 'userMenu',
    screen: lazyScreen(() => import('./usersLogs/UsersLogsScreen.tsx')),
  },
  {
    path: '/app/roles',
    label: 'Manage roles',
    purpose: 'Roles, their permissions and who holds them in each project.',
    icon: IconShieldLock,
    permission: { method: 'PUT', path: '/roles/{id}' },
    placement: 'userMenu',
    screen: lazyScreen(() => import('./roles/RolesScreen.tsx')),
  },
  {
    path: '/app/chatbot-test',
    label: 'Chatbot test',
    purpose: 'Preview the chatbot as a page visitor sees it.',
    icon: IconMessageChatbot,
    // In the user menu and Ctrl+K (issue 34); the sidebar holds only the spec's menu items (spec 1 §6).
    placement: 'userMenu',
    screen: lazyScreen(() => import('./chatbotTest/ChatbotTestScreen.tsx')),
  },
  {
    path: '/app/qa-trainings',
    label: 'QA trainings',
    purpose: 'Questions the knowledge base must answer, and how well it does.',
    icon: IconSchool,
    permission: get('/qa-trainings'),
    placement: 'sidebar',
    screen: lazyScreen(() => import('./qaTrainings/QaTrainingsScreen.tsx')),
  },
];

export const routeByPath = (path: string): RouteEntry | undefined => appRoutes.find((r) => r.path === path);
