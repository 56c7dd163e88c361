import { Center, Text } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { IntentEvaluation } from '../../api/contract/training.ts';
import type { Row } from '../../machines/intentsList/selectors.ts';
import { AddBothRow } from './AddBothRow.tsx';
import { AddTemplateRow } from './AddTemplateRow.tsx';
import { IntentRow } from './IntentRow.tsx';
import classes from './IntentsScreen.module.css';
import { rowAt, rowHeight, rowOffsets } from './rowLayout.ts';
import { TemplateRow } from './TemplateRow.tsx';
import { useScrollViewport } from '../../ui/useScrollViewport.ts';

// Rows beyond the viewport, for seamless scrolling; each is mounted again by a keystroke that changes the matches.
const OVERSCAN = 2;

/** Intents and templates as one virtualised list: 2,000 intents and 40,000 templates render only what is seen. */
export function VirtualIntentList(props: {
  rows: Row[];
  evaluation: Record<string, IntentEvaluation> | null;
  clashing: Map<number, Set<string>>;
  twins: Set<number>;
  flawed: Set<number>;
  /** Intents no reaction uses (issue 33). */
  unused: Set<number>;
  /** The intent a link opened: scrolled to once per request and marked current. */
  focused: { id: number } | null;
}) {
  const { rows, evaluation, clashing, twins, flawed, unused, focused } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const offsets = useMemo(() => rowOffsets(rows), [rows]);
  const scrolledFor = useRef<{ id: number } | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!focused || scrolledFor.current === focused || !element) return;
    const index = rows.findIndex((row) => row.kind === 'intent' && row.intent.id === focused.id);
    if (index < 0) return;
    scrolledFor.current = focused;
    element.scrollTop = offsets[index];
  }, [focused, rows, offsets]);
  const { top, height } = useScrollViewport(scroller, rows.length > 0);
  const first = Math.max(0, rowAt(offsets, top) - OVERSCAN);
  const last = Math.min(rows.length - 1, rowAt(offsets, top + height) + OVERSCAN);
  if (rows.length === 0) {
    return (
      <Center className={classes.scroller} data-testid="intents-list">
        <Text c="dimmed">No intents match.</Text>
      </Center>
    );
  }
  return (
    <div ref={scroller} className={classes.scroller} data-testid="intents-list">
      <div style={{ height: offsets[rows.length], position: 'relative', width: '100%' }}>
        {rows.slice(first, last + 1).map((row, slot) => {
          const index = first + slot;
          const intentEvaluation = evaluation?.[String(row.intent.id)];
          return (
            <div
              key={row.key}
              data-index={index}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: rowHeight(row),
                transform: `translateY(${offsets[index]}px)`,
              }}
            >
              {row.kind === 'intent' && (
                <IntentRow
                  intent={row.intent}
                  expanded={row.expanded}
                  evaluation={intentEvaluation}
                  hasTwin={twins.has(row.intent.id)}
                  flawed={flawed.has(row.intent.id)}
                  noReaction={unused.has(row.intent.id)}
                  current={focused?.id === row.intent.id}
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
