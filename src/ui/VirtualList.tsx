import type { CSSProperties, ReactNode } from 'react';
import { useRef } from 'react';
import { useScrollViewport } from './useScrollViewport.ts';

// Rows beyond the viewport, so scrolling shows no gap.
const OVERSCAN = 3;

/**
 * A list of rows of one fixed height that renders only the rows in view (DESIGN §9: lists that can hold thousands of
 * rows are virtualised). Fixed heights place rows without measuring them.
 */
export function VirtualList<T>(props: {
  items: T[];
  rowHeight: number;
  keyOf: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** The scrolling box's style (its height decides how many rows render). */
  style?: CSSProperties;
  className?: string;
  label: string;
}) {
  const { items, rowHeight, keyOf, renderRow, style, className, label } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const { top, height } = useScrollViewport(scroller, items.length > 0);
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length - 1, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  return (
    <div ref={scroller} className={className} style={{ overflowY: 'auto', ...style }}>
      <ul
        aria-label={label}
        style={{ height: items.length * rowHeight, position: 'relative', width: '100%', margin: 0, padding: 0 }}
      >
        {items.slice(first, last + 1).map((item, slot) => {
          const index = first + slot;
          return (
            <li
              key={keyOf(item)}
              style={{
                listStyle: 'none',
                position: 'absolute',
                top: index * rowHeight,
                left: 0,
                width: '100%',
                height: rowHeight,
              }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
