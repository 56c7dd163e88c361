import type { ReactionInput } from '../../../src/api/contract/reactions.ts';
import { FALLBACK_INTENT, INPUT_INTENT, START_INTENT } from '../../../src/api/contract/reactions.ts';
import { claimAtime } from '../../history/atime.ts';
import { REACTIONS_RESOURCE, REACTION_SCOPES_RESOURCE, replaceReactionScopes, replaceReactions } from './reactions.ts';
import type { Db } from '../../db/database.ts';

export const DEMO_ORDER_SCOPE = 'ordering';

/**
 * The demo project's dialogue (DESIGN §2): a greeting with buttons, an order flow with a date picker in a
 * second scope, a confirmation that ends the call, a timeout reaction, a goodbye and the fallback. It
 * uses the demo language model's intent names. Tests and the e2e walk rely on these names.
 */
export function demoReactions(orderScopeId: number): Omit<ReactionInput, 'id'>[] {
  const utter = (text: string) => ({ name: 'utter', args: { text } });
  return [
    {
      name: 'welcome',
      intents: [START_INTENT],
      actions: [
        utter('Welcome to the Demo pizzeria! How can I help you?'),
        {
          name: 'buttons',
          args: {
            buttons: [
              { title: 'Order a pizza', payload: 'I want to order a pizza' },
              { title: 'Opening hours', payload: 'when are you open' },
              { title: 'Help', payload: 'help' },
            ],
          },
        },
      ],
    },
    {
      name: 'greeting',
      intents: ['greeting'],
      actions: [
        utter('Hello! Would you like to order a pizza?'),
        { name: 'buttons', args: { buttons: [{ title: 'Order a pizza', payload: 'I want to order a pizza' }] } },
      ],
    },
    {
      name: 'order',
      intents: ['order'],
      priority: 10,
      actions: [
        utter('Great! When should we deliver it?'),
        { name: 'date_picker', args: { variable: 'delivery_date', min: 'today' } },
        { name: 'change_scope', args: { scope: DEMO_ORDER_SCOPE } },
        { name: 'timeout', args: { seconds: 60, reaction: 'order_reminder' } },
      ],
    },
    {
      name: 'order_date',
      intents: [INPUT_INTENT],
      condition: 'variables.delivery_date',
      priority: 10,
      reactions_scopes_id: orderScopeId,
      actions: [
        { name: 'clear_timeout', args: { reaction: 'order_reminder' } },
        utter('Delivery on {{delivery_date}}. Shall I confirm the order?'),
        {
          name: 'buttons',
          args: {
            buttons: [
              { title: 'Yes', payload: 'yes' },
              { title: 'No', payload: 'no' },
            ],
          },
        },
      ],
    },
    {
      name: 'order_confirmed',
      intents: ['confirm'],
      condition: 'variables.delivery_date',
      priority: 10,
      reactions_scopes_id: orderScopeId,
      actions: [
        utter('Your order is confirmed for {{delivery_date}}. Thank you, goodbye!'),
        { name: 'call_end', args: {} },
      ],
    },
    {
      name: 'order_cancelled',
      intents: ['deny', 'cancel order'],
      priority: 10,
      reactions_scopes_id: orderScopeId,
      actions: [
        { name: 'clear_timeout', args: {} },
        utter('No problem, the order is cancelled.'),
        { name: 'change_scope', args: { scope: '' } },
      ],
    },
    {
      name: 'order_reminder',
      intents: [],
      actions: [utter('Are you still there? Pick a delivery date to continue your order.')],
    },
    {
      name: 'opening_hours',
      intents: ['opening hours'],
      actions: [utter('We are open every day from 11:00 to 22:00.')],
    },
    {
      name: 'help',
      intents: ['help'],
      actions: [
        utter('I can take your pizza order or tell you our opening hours.'),
        { name: 'links', args: { links: [{ title: 'Our menu', url: 'https://example.com/menu' }] } },
      ],
    },
    {
      name: 'human_agent',
      intents: ['human agent'],
      actions: [
        { name: 'integration_redirect', args: { integration: 'agent-desk', text: 'Let me pass you to a colleague.' } },
      ],
    },
    {
      name: 'thanks',
      intents: ['thanks'],
      actions: [utter('You are welcome!')],
    },
    {
      name: 'goodbye',
      intents: ['goodbye'],
      actions: [utter('Goodbye!'), { name: 'call_end', args: {} }],
    },
    {
      name: 'fallback',
      intents: [FALLBACK_INTENT],
      priority: -10,
      actions: [utter('Sorry, I did not understand. Could you say it differently?')],
    },
  ];
}

/** Project initializer: the demo dialogue for the demo project; a new project gets a greeting and a fallback. */
export async function initializeDemoDialogue(trx: Db, projectId: number, options: { demo: boolean }): Promise<void> {
  const intents = new Set(
    (await trx.selectFrom('intents').select('name').where('project_id', '=', projectId).execute()).map((i) => i.name),
  );
  const scopeTime = await claimAtime(trx, projectId, REACTION_SCOPES_RESOURCE, Number.MAX_SAFE_INTEGER);
  const scopes = options.demo
    ? await replaceReactionScopes(trx, { projectId, userId: null, atime: scopeTime! }, [{ name: DEMO_ORDER_SCOPE }])
    : [];
  const reactions = options.demo
    ? demoReactions(scopes[0]!.id).filter((r) => (r.intents ?? []).every((i) => i.startsWith('@') || intents.has(i)))
    : [
        {
          name: 'welcome',
          intents: [START_INTENT],
          actions: [{ name: 'utter', args: { text: 'Hello! How can I help you?' } }],
        },
        {
          name: 'fallback',
          intents: [FALLBACK_INTENT],
          actions: [{ name: 'utter', args: { text: 'Sorry, I did not understand.' } }],
        },
      ];
  const reactionTime = await claimAtime(trx, projectId, REACTIONS_RESOURCE, Number.MAX_SAFE_INTEGER);
  await replaceReactions(trx, { projectId, userId: null, atime: reactionTime! }, reactions);
}
