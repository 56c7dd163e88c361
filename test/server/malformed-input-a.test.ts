// QUALITY "Malformed input": every call of the contract × 200 generated cases and the fixed corpus, half of the
// calls here and the other half in malformed-input-b.test.ts (test/server/helpers/malformed-input.ts).
import { malformedInputSuite } from './helpers/malformed-input.ts';

await malformedInputSuite(0, 2);
