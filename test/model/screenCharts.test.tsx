// The parent charts of the screens whose charts talk to each other: what one child emits reaches the child that
// acts on it (and only then). The children are stand-ins that emit on request and record what they receive.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, assign, createActor, emit, setup } from 'xstate';
import { deploymentsScreenMachine } from '../../src/machines/deploymentsScreen/machine.ts';
import { entitiesScreenMachine } from '../../src/machines/entitiesScreen/machine.ts';
import { fallbacksScreenMachine } from '../../src/machines/fallbacksScreen/machine.ts';
import { intentsScreenMachine } from '../../src/machines/intentsScreen/machine.ts';
import { knowledgeScreenMachine } from '../../src/machines/knowledgeScreen/machine.ts';
import { qaTrainingsScreenMachine } from '../../src/machines/qaTrainingsScreen/machine.ts';

type Received = { type: string; [key: string]: unknown };

/** A child that emits `{type: 'emit', event}`'s event and keeps every other event it receives. */
const standIn = setup({
  types: { context: {} as { received: Received[] }, events: {} as Received },
}).createMachine({
  context: { received: [] },
  on: {
    '*': [
      {
        guard: ({ event }) => event.type === 'emit',
        actions: emit(({ event }) => event.event as { type: string }),
      },
      { actions: assign({ received: ({ context, event }) => [...context.received, event] }) },
    ],
  },
});

const received = (child: AnyActorRef) => (child.getSnapshot().context as { received: Received[] }).received;
const childOf = (parent: AnyActorRef, name: string) =>
  (parent.getSnapshot().context as Record<string, AnyActorRef>)[name] as AnyActorRef;

function start(machine: AnyStateMachine, children: string[], input?: unknown) {
  const actors = Object.fromEntries(children.map((c) => [c, standIn]));
  return createActor(machine.provide({ actors } as never), { input } as never).start();
}

describe('screen charts', () => {
  it('intents: template and polarity patches reach the list, training reaches the list, the list asks for training', () => {
    const screen = start(intentsScreenMachine, ['list', 'templates', 'polarity', 'synonyms', 'training']);
    const patch = { kind: 'templates', intentId: 1 };
    childOf(screen, 'templates').send({ type: 'emit', event: { type: 'intents.patch', patch } });
    childOf(screen, 'polarity').send({ type: 'emit', event: { type: 'intents.patch', patch } });
    childOf(screen, 'training').send({ type: 'emit', event: { type: 'training.done', answer: { ok: 1 } } });
    childOf(screen, 'list').send({ type: 'emit', event: { type: 'training.request' } });
    expect(received(childOf(screen, 'list'))).toEqual([
      { type: 'intents.patch', patch },
      { type: 'intents.patch', patch },
      { type: 'evaluation.loaded', answer: { ok: 1 } },
    ]);
    expect(received(childOf(screen, 'training'))).toEqual([{ type: 'train.start' }]);
    expect(received(childOf(screen, 'synonyms'))).toEqual([]);
    screen.stop();
  });

  it("entities: 'Save & Train' trains only for a user who may train", () => {
    for (const canTrain of [true, false]) {
      const screen = start(entitiesScreenMachine, ['editor', 'training'], { canSystem: false, canTrain });
      childOf(screen, 'editor').send({ type: 'emit', event: { type: 'training.request' } });
      expect(received(childOf(screen, 'training'))).toEqual(canTrain ? [{ type: 'train.start' }] : []);
      screen.stop();
    }
  });

  it('fallbacks: a finished training reloads the fallbacks', () => {
    const screen = start(fallbacksScreenMachine, ['fallbacks', 'training']);
    childOf(screen, 'training').send({ type: 'emit', event: { type: 'training.done', answer: {} } });
    expect(received(childOf(screen, 'fallbacks'))).toEqual([{ type: 'fallbacks.reload' }]);
    screen.stop();
  });

  it("deployments: a finished deploy, the screen's or the top bar's, goes to the top of the list", () => {
    const commands = createActor(standIn).start();
    const screen = start(deploymentsScreenMachine, ['list', 'deploy'], { commands });
    const deployment = { id: 5, project_env: 'prod' };
    childOf(screen, 'deploy').send({ type: 'emit', event: { type: 'deploy.done', env: 'prod', deployment } });
    expect(received(childOf(screen, 'list'))).toEqual([{ type: 'deployment.added', deployment }]);
    // The top bar's dialog, through the console's commands (issue 34 item 5).
    const fromTopBar = { id: 6, project_env: 'dev' };
    commands.send({ type: 'emit', event: { type: 'deployment.added', deployment: fromTopBar } });
    expect(received(childOf(screen, 'list'))).toEqual([
      { type: 'deployment.added', deployment },
      { type: 'deployment.added', deployment: fromTopBar },
    ]);
    screen.stop();
    commands.stop();
  });

  it('knowledge: an import reloads the list, any change refreshes the index status, a finished reindex reloads the list', () => {
    const screen = start(knowledgeScreenMachine, ['entries', 'importer', 'reindex', 'question']);
    childOf(screen, 'entries').send({ type: 'emit', event: { type: 'knowledge.changed' } });
    expect(received(childOf(screen, 'reindex'))).toEqual([{ type: 'job.refresh' }]);
    expect(received(childOf(screen, 'entries'))).toEqual([]);
    childOf(screen, 'importer').send({ type: 'emit', event: { type: 'knowledge.imported' } });
    expect(received(childOf(screen, 'entries'))).toEqual([{ type: 'entries.reload' }]);
    expect(received(childOf(screen, 'reindex'))).toEqual([{ type: 'job.refresh' }, { type: 'job.refresh' }]);
    childOf(screen, 'reindex').send({ type: 'emit', event: { type: 'job.done' } });
    expect(received(childOf(screen, 'entries'))).toEqual([{ type: 'entries.reload' }, { type: 'entries.reload' }]);
    expect(received(childOf(screen, 'question'))).toEqual([]);
    screen.stop();
  });

  it('QA trainings: a change of the questions refreshes the evaluation status', () => {
    const screen = start(qaTrainingsScreenMachine, ['trainings', 'evaluation']);
    childOf(screen, 'trainings').send({ type: 'emit', event: { type: 'qa.changed' } });
    expect(received(childOf(screen, 'evaluation'))).toEqual([{ type: 'job.refresh' }]);
    expect(received(childOf(screen, 'trainings'))).toEqual([]);
    screen.stop();
  });
});
