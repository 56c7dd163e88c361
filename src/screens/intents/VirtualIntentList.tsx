import { Center, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import type { Row } from '../../machines/intentsList/selectors.ts';
import { AddBothRow } from './AddBothRow.tsx';
import { AddTemplateRow } from './AddTemplateRow.tsx';
import { IntentRow } from './IntentRow.tsx';
import classes from './IntentsScreen.module.css';
import { TemplateRow } from './TemplateRow.tsx';

/** A container not laid out yet (or a test DOM) still renders a first screenful. */
const FALLBACK_HEIGHT = 800;

// The rendered heights (border included, see IntentsScreen.module.css): an estimate that is off makes every newly
// shown row a resize, and each resize re-lays out the whole list (30,000 rows after one typed letter).
const INTENT_ROW_HEIGHT = 52;
const OTHER_ROW_HEIGHT = 40;
const OVERSCAN = 5;

/** Intents and templates as one virtualised list: 2,000 intents and 40,000 templates render only what is seen. */
export function VirtualIntentList(props: {
  rows: Row[];
  evaluation: Record<string, IntentEvaluation> | null;
  clashing: Map<number, Set<string>>;
  twins: Set<number>;
  flawed: Set<number>;
}) {
  const { rows, evaluation, clashing, twins, flawed } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // Callbacks stable per list: the virtualizer recomputes every row's position whenever getItemKey changes
  // identity, so a fresh closure per render would redo that work on every render.
  const getItemKey = useCallback((index: number) => (rows[index] as Row).key, [rows]);
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'intent' ? INTENT_ROW_HEIGHT : OTHER_ROW_HEIGHT),
    [rows],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    // Rows have fixed heights, so a few rows beyond the view keep scrolling seamless; every extra one is mounted
    // again on each keystroke that changes the matches.
    overscan: OVERSCAN,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : { ...rect, height: FALLBACK_HEIGHT })),
  });
  if (rows.length === 0) {
    return (
      <Center className={classes.scroller} data-testid="intents-list">
        <Text c="dimmed">No intents match.</Text>
      </Center>
    );
  }
  return (
    <div ref={scroller} className={classes.scroller} data-testid="intents-list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as Row;
          const intentEvaluation = evaluation?.[String(row.intent.id)];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'intent' && (
                <IntentRow
                  intent={row.intent}
                  expanded={row.expanded}
                  evaluation={intentEvaluation}
                  hasTwin={twins.has(row.intent.id)}
                  flawed={flawed.has(row.intent.id)}
                />
              )}
              {row.kind === 'addTemplate' && <AddTemplateRow intent={row.intent} />}
              {row.kind === 'addBoth' && <AddBothRow intent={row.intent} twin={row.twin} />}
              {row.kind === 'template' && (
                <TemplateRow
                  intentId={row.intent.id}
                  template={row.template}
                  evaluation={intentEvaluation?.data[row.template]}
                  clashing={clashing.get(row.intent.id)?.has(row.template) ?? false}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
