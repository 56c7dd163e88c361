/** Rows of a sparse matrix in compressed sparse row form; the buffers may be shared with workers. */
export interface SparseMatrix {
  rows: number;
  columns: number;
  /** rowStart[r]..rowStart[r+1] index `columnIndex` and `value`. */
  rowStart: Int32Array;
  columnIndex: Int32Array;
  value: Float32Array;
}

/** Copies rows into typed arrays backed by SharedArrayBuffer, so workers read them without a copy. */
export function sharedSparseMatrix(rows: { index: Int32Array; value: Float32Array }[], columns: number): SparseMatrix {
  let nonZeros = 0;
  for (const row of rows) nonZeros += row.index.length;
  const rowStart = new Int32Array(new SharedArrayBuffer(4 * (rows.length + 1)));
  const columnIndex = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, nonZeros)));
  const value = new Float32Array(new SharedArrayBuffer(4 * Math.max(1, nonZeros)));
  let offset = 0;
  rows.forEach((row, r) => {
    rowStart[r] = offset;
    columnIndex.set(row.index, offset);
    value.set(row.value, offset);
    offset += row.index.length;
  });
  rowStart[rows.length] = offset;
  return { rows: rows.length, columns, rowStart, columnIndex, value };
}
