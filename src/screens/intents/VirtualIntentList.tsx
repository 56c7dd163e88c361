import { Center, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import type { Row } from '../../machines/intentsList/selectors.ts';
import { AddBothRow } from './AddBothRow.tsx';
import { AddTemplateRow } from './AddTemplateRow.tsx';
import { IntentRow } from './IntentRow.tsx';
import classes from './IntentsScreen.module.css';
import { TemplateRow } from './TemplateRow.tsx';

/** A container not laid out yet (or a test DOM) still renders a first screenful. */
const FALLBACK_HEIGHT = 800;

const rowKey = (row: Row): string => {
  switch (row.kind) {
    case 'intent':
      return `i:${row.intent.id}`;
    case 'addTemplate':
      return `a:${row.intent.id}`;
    case 'addBoth':
      return `b:${row.intent.id}`;
    case 'template':
      return `t:${row.intent.id}:${row.template}`;
  }
};

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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'intent' ? 53 : 41),
    getItemKey: (index) => rowKey(rows[index] as Row),
    overscan: 12,
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
