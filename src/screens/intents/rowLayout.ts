import type { Row } from '../../machines/intentsList/selectors.ts';

// Every row has a fixed height (border included, see IntentsScreen.module.css), so a row's position is a prefix sum
// over the kinds before it: nothing is measured, and one typed letter that shows 30,000 rows costs one pass over a
// typed array instead of an object per row.
const INTENT_ROW_HEIGHT = 52;
const OTHER_ROW_HEIGHT = 40;

export const rowHeight = (row: Row) => (row.kind === 'intent' ? INTENT_ROW_HEIGHT : OTHER_ROW_HEIGHT);

/** offsets[i] is the top of row i; offsets[rows.length] the whole height. */
export function rowOffsets(rows: Row[]): Float64Array {
  const offsets = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = (offsets[i] as number) + rowHeight(rows[i] as Row);
  return offsets;
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
export function rowAt(offsets: Float64Array, y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle + 1] as number) <= y) low = middle + 1;
    else high = middle;
  }
  return Math.max(0, low);
}
