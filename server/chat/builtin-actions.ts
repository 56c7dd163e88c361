import type { BuiltinActionDoc, ProjectAction } from '../../src/api/contract/actions.ts';
import { CHAT_TEXTS } from '../../src/api/contract/chat.ts';
import { entityValueList } from '../../src/api/contract/entities.ts';
import type { ExtractedEntity } from '../nlu/index.ts';
import type { BotSnapshot } from './bot-snapshot.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import { type ConversationState, setVariable } from './conversation-state.ts';
import { fillTemplate } from './template.ts';
import type { TrackerWriter } from './tracker.ts';
import type { WebhookResult } from './webhook-result.ts';

/** A turn's knowledge search: answered, searched without an answer, or not searched (null). */
export type KnowledgeVerdict = 'answered' | 'no answer' | null;

/** Set by select_box and date_picker: the next user message is stored in the variable it names. */
export const AWAITED_VARIABLE = '__awaited_variable';

/** What an action may touch while it runs. */
export interface ActionContext {
  snapshot: BotSnapshot;
  state: ConversationState;
  tracker: TrackerWriter;
  args: Record<string, unknown>;
  conversationId: number;
  turn: {
    text: string | null;
    intent: string | null;
    confidence: number;
    entities: ExtractedEntity[];
    /** What the knowledge base said to this message so far (null: not asked). */
    knowledge: KnowledgeVerdict;
  };
  callWebhook(action: ProjectAction, payload: unknown): Promise<WebhookResult>;
  /** Stores what the turn said so far, before a slow action (provisional responses). */
  checkpoint(): Promise<void>;
}

interface BuiltinAction extends BuiltinActionDoc {
  run(ctx: ActionContext): Promise<void> | void;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isSafeUrl = (url: string): boolean => /^(https?:\/\/|mailto:|\/(?!\/))/i.test(url.trim());
const truthy = (value: unknown): boolean => ['true', 'yes', '1'].includes(text(value).trim().toLowerCase());

/** Runs a project action (webhook) and merges a JSON object answer into the variables. */
async function runProjectAction(ctx: ActionContext, action: ProjectAction): Promise<void> {
  ctx.tracker.add('action', action.name, { webhook: true, method: action.method });
  await ctx.checkpoint();
  const result = await ctx.callWebhook(action, {
    conversation_id: ctx.conversationId,
    project_id: ctx.snapshot.projectId,
    text: ctx.turn.text,
    intent: ctx.turn.intent,
    variables: ctx.state.variables,
    args: ctx.args,
  });
  if (!result.ok) {
    ctx.tracker.log('error', `Webhook ${action.name} failed: ${result.reason}`);
    return;
  }
  const prefix = text(ctx.args.prefix);
  if (result.data && typeof result.data === 'object' && !Array.isArray(result.data)) {
    const refused: string[] = [];
    for (const [key, value] of Object.entries(result.data as Record<string, unknown>).slice(0, 100)) {
      if (!setVariable(ctx.state, `${prefix}${key}`, value)) refused.push(key);
    }
    if (refused.length)
      ctx.tracker.log('warn', `Webhook ${action.name}: ignored variables ${refused.slice(0, 10).join(', ')}`);
  } else if (text(ctx.args.variable)) {
    setVariable(ctx.state, text(ctx.args.variable), result.data);
  }
  ctx.tracker.log('info', `Webhook ${action.name} answered ${result.status}`);
}

export const builtinActions: BuiltinAction[] = [
  {
    name: 'utter',
    doc: 'Says a text. {{name}} is replaced by the variable of that name (empty when unset).',
    args: [{ name: 'text', type: 'template', required: true, doc: 'What the bot says.' }],
    ends_conversation: false,
    run: (ctx) => {
      ctx.tracker.utter(fillTemplate(text(ctx.args.text), ctx.state.variables).slice(0, 5000), 'bot');
    },
  },
  {
    name: 'buttons',
    doc: 'Shows buttons; pressing one sends its payload (or its title) as the user message.',
    args: [
      { name: 'buttons', type: 'list', required: true, doc: 'List of {title, payload}.' },
      { name: 'text', type: 'template', required: false, doc: 'A text shown above the buttons.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const buttons = list(ctx.args.buttons)
        .slice(0, 20)
        .map((b) => {
          const item = (b ?? {}) as Record<string, unknown>;
          const title = fillTemplate(text(item.title), ctx.state.variables).slice(0, 200);
          return { title, payload: text(item.payload) || title };
        })
        .filter((b) => b.title);
      ctx.tracker.add('action', 'buttons', { buttons, text: fillTemplate(text(ctx.args.text), ctx.state.variables) });
    },
  },
  {
    name: 'links',
    doc: 'Shows links (http, https or mailto only; others are dropped with a warning).',
    args: [{ name: 'links', type: 'list', required: true, doc: 'List of {title, url}.' }],
    ends_conversation: false,
    run: (ctx) => {
      const links: { title: string; url: string }[] = [];
      for (const l of list(ctx.args.links).slice(0, 20)) {
        const item = (l ?? {}) as Record<string, unknown>;
        const url = fillTemplate(text(item.url), ctx.state.variables).trim();
        if (!isSafeUrl(url)) {
          ctx.tracker.log('warn', `Link dropped: ${url.slice(0, 100)} is not an http, https or mailto address`);
          continue;
        }
        links.push({ title: text(item.title) || url, url });
      }
      ctx.tracker.add('action', 'links', { links });
    },
  },
  {
    name: 'image',
    doc: 'Shows an image from an http(s) address or a path of this server.',
    args: [
      { name: 'url', type: 'url', required: true, doc: 'Image address.' },
      { name: 'alt', type: 'text', required: false, doc: 'Text for screen readers.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const url = fillTemplate(text(ctx.args.url), ctx.state.variables).trim();
      if (!isSafeUrl(url) || url.startsWith('mailto:')) {
        ctx.tracker.log('warn', CHAT_TEXTS.noAttachment);
        ctx.tracker.add('action', 'image', { url: null, alt: text(ctx.args.alt) });
        return;
      }
      ctx.tracker.add('action', 'image', { url, alt: text(ctx.args.alt) });
    },
  },
  {
    name: 'select_box',
    doc: "Offers the values of an entity to choose from; the choice is sent as the user message and stored in the variable. 'Entity not found' when the entity does not exist. With project, the entity is another project's: the chat window looks its values up with the viewer's own access.",
    args: [
      { name: 'entity', type: 'entity', required: true, doc: 'Entity whose values are offered.' },
      { name: 'variable', type: 'variable', required: false, doc: 'Variable that receives the choice.' },
      {
        name: 'project',
        type: 'project',
        required: false,
        doc: 'Id of another project whose entity is offered (e.g. the one a call_transfer handed over to).',
      },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const name = text(ctx.args.entity);
      const variable = text(ctx.args.variable) || name;
      const project = text(ctx.args.project).trim();
      if (project && Number(project) !== ctx.snapshot.projectId) {
        const projectId = Number(project);
        if (!Number.isInteger(projectId) || projectId <= 0) {
          ctx.tracker.log('error', `select_box: ${project.slice(0, 100)} is not a project id`);
          return;
        }
        // Who may read that project's entities depends on who looks: the window looks them up, not the bot.
        ctx.tracker.add('action', 'select_box', { entity: name, variable, values: null, project_id: projectId });
        ctx.state.variables[AWAITED_VARIABLE] = variable;
        return;
      }
      const entity = ctx.snapshot.entities.find((e) => e.name === name);
      if (!entity) {
        ctx.tracker.add('action', 'select_box', { entity: name, values: null, error: CHAT_TEXTS.entityNotFound });
        ctx.tracker.log('warn', `${CHAT_TEXTS.entityNotFound}: ${name}`);
        return;
      }
      ctx.tracker.add('action', 'select_box', { entity: name, variable, values: entityValueList(entity) });
      ctx.state.variables[AWAITED_VARIABLE] = variable;
    },
  },
  {
    name: 'date_picker',
    doc: 'Shows a date picker; the chosen date (YYYY-MM-DD) is sent as the user message and stored in the variable.',
    args: [
      { name: 'variable', type: 'variable', required: true, doc: 'Variable that receives the date.' },
      { name: 'min', type: 'text', required: false, doc: 'Earliest date, YYYY-MM-DD or "today".' },
      { name: 'max', type: 'text', required: false, doc: 'Latest date, YYYY-MM-DD.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const variable = text(ctx.args.variable) || 'date';
      ctx.tracker.add('action', 'date_picker', {
        variable,
        min: text(ctx.args.min) || null,
        max: text(ctx.args.max) || null,
      });
      ctx.state.variables[AWAITED_VARIABLE] = variable;
    },
  },
  {
    name: 'show_input',
    doc: 'Shows the text input for true, yes or 1 (any case); hides it otherwise.',
    args: [{ name: 'show', type: 'text', required: true, doc: 'true / yes / 1 to show.' }],
    ends_conversation: false,
    run: (ctx) => {
      ctx.tracker.add('action', 'show_input', { visible: truthy(ctx.args.show) });
    },
  },
  {
    name: 'timeout',
    doc: 'Starts a timer: after the given seconds without a message the named reaction runs. A message does not cancel it; clear_timeout does.',
    args: [
      { name: 'seconds', type: 'number', required: true, doc: 'Seconds until the reaction runs (1–86400).' },
      { name: 'reaction', type: 'reaction', required: true, doc: 'Reaction to run.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const seconds = Math.min(86_400, Math.max(1, Math.round(Number(ctx.args.seconds) || 0)));
      const reaction = text(ctx.args.reaction);
      if (!ctx.snapshot.reactions.some((r) => r.name === reaction)) {
        ctx.tracker.log('error', `Timeout names an unknown reaction ${reaction}`);
        return;
      }
      ctx.state.timers[reaction] = Date.now() + seconds * 1000;
      ctx.tracker.add('action', 'timeout', { seconds, reaction });
    },
  },
  {
    name: 'clear_timeout',
    doc: 'Cancels the timer of the named reaction, or every timer when no reaction is given.',
    args: [{ name: 'reaction', type: 'reaction', required: false, doc: 'Timer to cancel (all when empty).' }],
    ends_conversation: false,
    run: (ctx) => {
      const reaction = text(ctx.args.reaction);
      if (reaction) delete ctx.state.timers[reaction];
      else ctx.state.timers = {};
      ctx.tracker.add('action', 'clear_timeout', { reaction: reaction || null });
    },
  },
  {
    name: 'set_variable',
    doc: 'Sets a variable; the value is a template ({{other}} allowed).',
    args: [
      { name: 'name', type: 'variable', required: true, doc: 'Variable name (letters, digits, _).' },
      { name: 'value', type: 'template', required: true, doc: 'Value.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const name = text(ctx.args.name);
      const value =
        typeof ctx.args.value === 'string' ? fillTemplate(ctx.args.value, ctx.state.variables) : ctx.args.value;
      if (!setVariable(ctx.state, name, value)) {
        ctx.tracker.log('error', `Cannot set variable ${name.slice(0, 100)}`);
        return;
      }
      ctx.tracker.add('action', 'set_variable', { name, value: ctx.state.variables[name] });
    },
  },
  {
    name: 'change_scope',
    doc: 'Moves the conversation to a reaction scope; an empty scope returns to reactions without a scope.',
    args: [{ name: 'scope', type: 'scope', required: false, doc: 'Scope name.' }],
    ends_conversation: false,
    run: (ctx) => {
      const name = text(ctx.args.scope);
      if (!name) {
        ctx.state.scopeId = null;
        ctx.tracker.add('action', 'change_scope', { scope: null });
        return;
      }
      const scope = ctx.snapshot.scopes.find((s) => s.name === name);
      if (!scope) {
        ctx.tracker.log('error', `Unknown reaction scope ${name}`);
        return;
      }
      ctx.state.scopeId = scope.id;
      ctx.tracker.add('action', 'change_scope', { scope: scope.name });
    },
  },
  {
    name: 'call_end',
    doc: 'Ends the conversation.',
    args: [],
    ends_conversation: true,
    run: (ctx) => {
      ctx.state.ended = true;
      ctx.state.timers = {};
      ctx.tracker.add('action', 'call_end', {});
    },
  },
  {
    name: 'call_transfer',
    doc: "Hands the conversation over to another project's bot: adds the project to the conversation's projects and ends it here.",
    args: [{ name: 'project_id', type: 'project', required: true, doc: 'Target project id.' }],
    ends_conversation: true,
    run: (ctx) => {
      const target = Number(ctx.args.project_id);
      if (!Number.isInteger(target) || target <= 0) {
        ctx.tracker.log('error', 'call_transfer needs a project id');
        return;
      }
      if (!ctx.state.projects.includes(target)) ctx.state.projects.push(target);
      ctx.state.ended = true;
      ctx.state.timers = {};
      ctx.tracker.add('action', 'call_transfer', { project_id: target });
    },
  },
  {
    name: 'integration_redirect',
    doc: 'Passes the conversation to an integration (e.g. a human agent desk): the chat opens the integration websocket and shows what the integration sends.',
    args: [
      { name: 'integration', type: 'text', required: true, doc: 'Integration name.' },
      { name: 'text', type: 'template', required: false, doc: 'What the bot says before redirecting.' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const message = fillTemplate(text(ctx.args.text), ctx.state.variables);
      if (message) ctx.tracker.utter(message, 'bot');
      ctx.tracker.add('action', 'integration_redirect', { integration: text(ctx.args.integration) });
    },
  },
  {
    name: 'knowledge_answer',
    doc: "Answers the user's question from the project's knowledge base: the best passage with its entry's link; below the knowledge threshold, the fallback text. In the fallback reaction an answer ends the reaction, so its \"did not understand\" does not follow.",
    args: [{ name: 'fallback_text', type: 'template', required: false, doc: 'Said when nothing fits.' }],
    ends_conversation: false,
    run: (ctx) => {
      const question = ctx.turn.text ?? '';
      // The project's switch already searched this message without an answer: the same search is not repeated.
      const searched = ctx.turn.knowledge === 'no answer';
      if (searched) ctx.tracker.log('fine', 'knowledge_answer: this message was already searched without an answer');
      const outcome =
        question.trim() && !searched
          ? answerFromKnowledge(ctx.snapshot, question, ctx.tracker)
          : ({ answered: false } as const);
      if (!question.trim()) ctx.tracker.log('info', 'knowledge_answer has no user message to answer');
      ctx.turn.knowledge = outcome.answered ? 'answered' : 'no answer';
      if (outcome.answered) return;
      const fallback = fillTemplate(text(ctx.args.fallback_text), ctx.state.variables);
      if (fallback) ctx.tracker.utter(fallback, 'bot');
    },
  },
  {
    name: 'webhook',
    doc: 'Calls a project action (webhook) by name; a JSON object answer is merged into the variables (with an optional prefix). A project action can also be named directly as the action.',
    args: [
      { name: 'action', type: 'action', required: true, doc: 'Project action name.' },
      { name: 'prefix', type: 'text', required: false, doc: 'Prefix for the variables taken from the answer.' },
      { name: 'variable', type: 'variable', required: false, doc: 'Variable for a non-object answer.' },
    ],
    ends_conversation: false,
    run: async (ctx) => {
      const name = text(ctx.args.action);
      const action = ctx.snapshot.actions.find((a) => a.name === name);
      if (!action) {
        ctx.tracker.log('error', `Unknown project action ${name}`);
        return;
      }
      await runProjectAction(ctx, action);
    },
  },
  {
    name: 'collect_digits',
    doc: "On a call: the callee's next answer is keyed digits sent as one message, ended by the finish key (not part of it), by max digits, or by a pause longer than the timeout. The chat window ignores it.",
    args: [
      { name: 'max', type: 'number', required: false, doc: 'Most digits (1–32); empty: until the finish key.' },
      { name: 'finish_on_key', type: 'text', required: false, doc: '# or * ends the answer; # when max is empty.' },
      { name: 'timeout', type: 'number', required: false, doc: 'Seconds allowed between two digits (1–30; 5).' },
    ],
    ends_conversation: false,
    run: (ctx) => {
      const max = Math.round(Number(ctx.args.max));
      const key = text(ctx.args.finish_on_key).trim();
      const timeout = Math.round(Number(ctx.args.timeout));
      const collect = {
        max: max >= 1 ? Math.min(32, max) : null,
        finish_on_key: key === '#' || key === '*' ? key : null,
        timeout: timeout >= 1 ? Math.min(30, timeout) : 5,
      };
      if (collect.max === null) collect.finish_on_key ??= '#';
      ctx.tracker.add('action', 'collect_digits', collect);
    },
  },
];

const byName = new Map(builtinActions.map((a) => [a.name, a]));
export const isBuiltinAction = (name: string): boolean => byName.has(name);

/** Runs one action step: a built-in by name, else a project action by name. */
export async function runAction(ctx: ActionContext, name: string): Promise<void> {
  const builtin = byName.get(name);
  if (builtin) return builtin.run(ctx);
  const project = ctx.snapshot.actions.find((a) => a.name === name);
  if (project) return runProjectAction(ctx, project);
  ctx.tracker.log('error', `Unknown action ${name}`);
}

/** The catalogue shown by the actions screen and the reaction editor (no run functions). */
export const builtinActionDocs = (): BuiltinActionDoc[] =>
  builtinActions.map(({ name, doc, args, ends_conversation }) => ({ name, doc, args, ends_conversation }));
