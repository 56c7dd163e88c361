import { Kbd, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { memo, type Ref, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Intent } from '../../api/contract/intents.ts';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import type { intentsListMachine } from '../../machines/intentsList/machine.ts';
import { foldText } from '../../machines/intentsList/search.ts';
import { visibleRows } from '../../machines/intentsList/selectors.ts';
import { VirtualIntentList } from './VirtualIntentList.tsx';

type ListActor = ActorRefFrom<typeof intentsListMachine>;

/** The search field (Ctrl+F focuses it, Esc clears it); the only part of the screen besides the rows that reads `search`. */
export function IntentsSearchField({ list, inputRef }: { list: ListActor; inputRef: Ref<HTMLInputElement> }) {
  const search = useSelector(list, (s) => s.context.search);
  return (
    <TextInput
      ref={inputRef}
      style={{ flex: 1 }}
      leftSection={<IconSearch size={16} />}
      rightSection={
        search ? (
          <IconX
            size={16}
            style={{ cursor: 'pointer' }}
            aria-label="Clear search"
            onClick={() => list.send({ type: 'search.clear' })}
          />
        ) : (
          <Kbd size="xs">Ctrl+F</Kbd>
        )
      }
      rightSectionWidth={56}
      placeholder="Search intents and templates"
      aria-label="Search intents and templates"
      value={search}
      onChange={(event) => list.send({ type: 'search.change', value: event.currentTarget.value })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') list.send({ type: 'search.clear' });
      }}
    />
  );
}

/** The rows the search, the flaws filter and the expanded intents select, as the virtual list. */
export const IntentsRows = memo(function IntentsRows(props: {
  list: ListActor;
  intents: Intent[];
  canEdit: boolean;
  evaluation: Record<string, IntentEvaluation> | null;
  clashing: Map<number, Set<string>>;
  twins: Set<number>;
  flawed: Set<number>;
}) {
  const { list, intents, canEdit, evaluation, clashing, twins, flawed } = props;
  // Folded and trimmed here, so a keystroke that leaves the query the same (a trailing space) keeps the rows.
  const query = useSelector(list, (s) => foldText(s.context.search.trim()));
  const onlyFlaws = useSelector(list, (s) => s.context.onlyFlaws);
  const expanded = useSelector(list, (s) => s.context.expanded);
  const focused = useSelector(list, (s) => s.context.focused);
  const rows = useMemo(
    () => visibleRows(intents, { search: query, onlyFlaws, expanded, evaluation, clashing, canEdit }),
    [intents, query, onlyFlaws, expanded, evaluation, clashing, canEdit],
  );
  return (
    <VirtualIntentList
      rows={rows}
      evaluation={evaluation}
      clashing={clashing}
      twins={twins}
      flawed={flawed}
      focused={focused}
    />
  );
});
