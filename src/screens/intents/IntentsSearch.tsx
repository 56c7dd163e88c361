import { useSelector } from '@xstate/react';
import { memo, type Ref, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Intent } from '../../api/contract/intents.ts';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import type { intentsListMachine } from '../../machines/intentsList/machine.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { foldText } from '../../machines/intentsList/search.ts';
import { visibleRows } from '../../machines/intentsList/selectors.ts';
import { VirtualIntentList } from './VirtualIntentList.tsx';

type ListActor = ActorRefFrom<typeof intentsListMachine>;

/** The search field (Ctrl+F focuses it, Esc clears it); the only part of the screen besides the rows that reads `search`. */
export function IntentsSearchField({ list, inputRef }: { list: ListActor; inputRef: Ref<HTMLInputElement> }) {
  const search = useSelector(list, (s) => s.context.search);
  return (
    <SearchField
      inputRef={inputRef}
      value={search}
      placeholder="Search intents and templates"
      label="Search intents and templates"
      onChange={(value) => list.send({ type: 'search.change', value })}
      onClear={() => list.send({ type: 'search.clear' })}
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
  /** Intents no reaction uses (issue 33). */
  unused: Set<number>;
}) {
  const { list, intents, canEdit, evaluation, clashing, twins, flawed, unused } = props;
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
      unused={unused}
      focused={focused}
    />
  );
});
