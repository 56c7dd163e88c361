import type { SnapshotFrom } from 'xstate';
import type { trainingMachine } from './machine.ts';

type TrainingSnapshot = SnapshotFrom<typeof trainingMachine>;

/** The spinner shows (and the button hides) while submitting or training. */
export const isTraining = (state: TrainingSnapshot): boolean => state.hasTag('loading');
