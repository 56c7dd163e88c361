// The console's requests between screens: the top bar's Run Tests reaches the tests screen whether it is open
// (an emitted request) or opens later (the request waits until taken), and "talk to the bot" reaches Run Chat.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { consoleCommandsMachine } from '../../src/machines/consoleCommands/machine.ts';

describe('console commands', () => {
  it('keeps a Run Tests request for a tests screen that opens later, until it is taken', () => {
    const commands = createActor(consoleCommandsMachine).start();
    commands.send({ type: 'tests.runAll.request' });
    expect(commands.getSnapshot().context.runAllPending).toBe(true);
    commands.send({ type: 'tests.runAll.taken' });
    expect(commands.getSnapshot().context.runAllPending).toBe(false);
  });

  it('tells an open tests screen and Run Chat at once', () => {
    const commands = createActor(consoleCommandsMachine).start();
    const runAll = vi.fn();
    const openChat = vi.fn();
    commands.on('tests.runAll', runAll);
    commands.on('chat.open', openChat);
    commands.send({ type: 'tests.runAll.request' });
    commands.send({ type: 'chat.open.request' });
    expect(runAll).toHaveBeenCalledOnce();
    expect(openChat).toHaveBeenCalledOnce();
    expect(commands.getSnapshot().matches('ready')).toBe(true);
  });

  it("passes the dashboard's next step to the top bar's deploy dialog", () => {
    const commands = createActor(consoleCommandsMachine).start();
    const deploy = vi.fn();
    commands.on('deploy.open', deploy);
    commands.send({ type: 'deploy.open.request', env: 'dev' });
    expect(deploy).toHaveBeenCalledWith({ type: 'deploy.open', env: 'dev' });
  });

  it("passes the command palette's Train to the top bar's training", () => {
    const commands = createActor(consoleCommandsMachine).start();
    const train = vi.fn();
    commands.on('train', train);
    commands.send({ type: 'train.request' });
    expect(train).toHaveBeenCalledWith({ type: 'train' });
    expect(commands.getSnapshot().matches('ready')).toBe(true);
  });

  it("passes the top bar's finished deploy to an open deployments list (issue 34 item 5)", () => {
    const commands = createActor(consoleCommandsMachine).start();
    const added = vi.fn();
    commands.on('deployment.added', added);
    const deployment = {
      id: 3,
      version: 1_700_000_000,
      created: '2026-01-01T00:00:00.000Z',
      users_id: 1,
      user_name: 'Administrator',
      project_env: 'dev' as const,
      note: '',
      rollback_of: null,
      live: true,
    };
    commands.send({ type: 'deployment.announce', deployment });
    expect(added).toHaveBeenCalledWith({ type: 'deployment.added', deployment });
  });
});
