import { Badge, Group, Kbd, Loader, Text } from '@mantine/core';
import { createSpotlightStore, Spotlight } from '@mantine/spotlight';
import {
  type Icon,
  IconBrain,
  IconCloudUpload,
  IconMessageChatbot,
  IconBook,
  IconMessageCircle,
  IconMessages,
  IconPlayerPlay,
  IconRefresh,
  IconSearch,
  IconSitemap,
  IconTestPipe,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { deepLink } from '../../machines/commandPalette/deepLinks.ts';
import type { commandPaletteMachine } from '../../machines/commandPalette/machine.ts';
import {
  type PaletteCommand,
  type PaletteItem,
  type PaletteTarget,
  paletteItems,
} from '../../machines/commandPalette/paletteItems.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import type { RouteEntry } from '../../screens/routes.tsx';
import { requestRunTests } from './TopBarActions.tsx';

export const PALETTE_PLACEHOLDER = 'Screen, intent, reaction, test, command or #conversation';
export const PALETTE_NOT_LOADED = 'Intents, reactions and tests could not be loaded.';

const COMMAND_ICONS: Record<PaletteCommand, Icon> = {
  runTests: IconPlayerPlay,
  train: IconBrain,
  runChat: IconMessageChatbot,
  deployTesting: IconCloudUpload,
};
const KIND_ICONS = {
  intent: IconMessageCircle,
  reaction: IconSitemap,
  test: IconTestPipe,
  knowledge: IconBook,
  conversation: IconMessages,
};

/**
 * Ctrl+K from anywhere, inputs included (issue 18 item 4): screens by their menu name, the project's intents,
 * reactions and tests by name, a conversation by id, and the top bar's commands. It complements Ctrl+G.
 */
export function CommandPalette({
  actor,
  screens,
  commands,
  canOpenConversation,
  disabled = false,
}: {
  actor: ActorRefFrom<typeof commandPaletteMachine>;
  disabled?: boolean;
  /** Already only those the user may open (paletteScreens). */
  screens: RouteEntry[];
  /** Already only those the top bar shows. */
  commands: PaletteCommand[];
  canOpenConversation: boolean;
}) {
  const [store] = useState(createSpotlightStore);
  const [query, setQuery] = useState('');
  const [, navigate] = useLocation();
  const search = useSearch();
  const consoleCommands = ConsoleCommandsActor.useActorRef();
  const entries = useSelector(actor, (s) => s.context.entries);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches({ shown: 'failed' }));
  const items = useMemo(
    () => paletteItems({ query, screens, commands, entries, canOpenConversation }),
    [query, screens, commands, entries, canOpenConversation],
  );
  const list = useRef<HTMLDivElement>(null);

  // The same requests the top bar's buttons make, so the palette does exactly what they do.
  const runCommand = (command: PaletteCommand) => {
    if (command === 'runTests') requestRunTests(consoleCommands, navigate);
    else if (command === 'train') consoleCommands.send({ type: 'train.request' });
    else if (command === 'runChat') consoleCommands.send({ type: 'chat.open.request' });
    else consoleCommands.send({ type: 'deploy.open.request', env: 'dev' });
  };
  const run = (target: PaletteTarget) => {
    if (target.kind === 'screen') navigate(target.path);
    else if (target.kind === 'command') runCommand(target.command);
    else navigate(deepLink(target.kind, target.id, search));
  };
  const iconOf = (item: PaletteItem): Icon => {
    const { target } = item;
    if (target.kind === 'screen') return screens.find((s) => s.path === target.path)?.icon ?? IconSearch;
    if (target.kind === 'command') return COMMAND_ICONS[target.command];
    return KIND_ICONS[target.kind];
  };
  // Enter before any arrow key opens the best match (Spotlight itself only triggers an arrow-selected one).
  const enterOpensFirst = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || store.getState().selected >= 0) return;
    event.preventDefault();
    list.current?.querySelector<HTMLButtonElement>('[data-action]')?.click();
  };

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut="mod+K"
      tagsToIgnore={[]}
      disabled={disabled}
      onSpotlightOpen={() => actor.send({ type: 'palette.open' })}
      onSpotlightClose={() => actor.send({ type: 'palette.close' })}
    >
      <Spotlight.Search
        placeholder={PALETTE_PLACEHOLDER}
        aria-label="Command palette"
        leftSection={<IconSearch size={18} stroke={1.6} />}
        rightSection={loading ? <Loader size="xs" aria-label="Loading entries" /> : undefined}
        onKeyDown={enterOpensFirst}
      />
      <Spotlight.ActionsList ref={list}>
        {items.map((item) => {
          const ItemIcon = iconOf(item);
          return (
            <Spotlight.Action
              key={item.key}
              label={item.label}
              highlightQuery
              leftSection={<ItemIcon size={18} stroke={1.6} />}
              rightSection={
                <Badge size="sm" variant="light" color="gray">
                  {item.group}
                </Badge>
              }
              aria-label={`${item.label} (${item.group})`}
              onClick={() => run(item.target)}
            />
          );
        })}
        {items.length === 0 && <Spotlight.Empty>Nothing found</Spotlight.Empty>}
        {failed && (
          <Spotlight.Action
            label="Try again"
            description={PALETTE_NOT_LOADED}
            color="red"
            leftSection={<IconRefresh size={18} stroke={1.6} />}
            closeSpotlightOnTrigger={false}
            onClick={() => actor.send({ type: 'palette.retry' })}
          />
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="space-between">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Enter</Kbd> opens · <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> choose ·{' '}
            <Kbd size="xs">Esc</Kbd> closes
          </Text>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl+G</Kbd> then a letter opens a screen
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
