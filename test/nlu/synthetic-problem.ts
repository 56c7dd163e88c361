import { seededRandom } from '../../server/nlu/seeded-random.ts';
import { sharedSparseMatrix } from '../../server/nlu/sparse-matrix.ts';

/**
 * A seeded classification problem shaped like intent data (a few words of the class's own among shared and noise
 * features, L2-normalised rows, some columns twice in a row), hard enough that the solver shrinks rows and classes
 * and restarts several times: its trained weights pin the solver's exact path.
 */
export function syntheticProblem(classes: number, rows: number, seed: number) {
  const random = seededRandom(seed);
  const columns = 40 * classes;
  const matrixRows: { index: Int32Array; value: Float32Array }[] = [];
  const labels = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const label = r % classes;
    labels[r] = label;
    const length = 4 + Math.floor(random() * 12);
    const index = new Int32Array(length);
    const value = new Float32Array(length);
    let norm = 0;
    for (let i = 0; i < length; i++) {
      const own = random() < 0.4;
      index[i] = own ? label * 40 + Math.floor(random() * 10) : Math.floor(random() * columns);
      if (i > 0 && random() < 0.05) index[i] = index[i - 1]!;
      value[i] = 0.2 + random();
      norm += value[i]! * value[i]!;
    }
    for (let i = 0; i < length; i++) value[i] = value[i]! / Math.sqrt(norm);
    matrixRows.push({ index, value });
  }
  return { matrix: sharedSparseMatrix(matrixRows, columns), labels };
}
