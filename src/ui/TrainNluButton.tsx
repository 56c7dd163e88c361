import { Button, Kbd, Loader, Text } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { trainingMachine } from '../machines/training/machine.ts';
import { isTraining } from '../machines/training/selectors.ts';

/** Train NLU: hidden behind a spinner while training (spec 2 §4 "Model state"). */
export function TrainNluButton({
  training,
  hotkey,
}: {
  training: ActorRefFrom<typeof trainingMachine>;
  hotkey: string;
}) {
  const busy = useSelector(training, isTraining);
  const submitting = useSelector(training, (s) => s.matches('submitting'));
  if (busy) {
    return (
      <Button variant="light" leftSection={<Loader size={14} />} data-testid="training-spinner" disabled>
        <Text size="sm">{submitting ? 'Submitting…' : 'Training…'}</Text>
      </Button>
    );
  }
  return (
    <Button leftSection={<IconBrain size={16} />} onClick={() => training.send({ type: 'train.start' })}>
      Train NLU
      <Kbd ml="xs" size="xs">
        {hotkey}
      </Kbd>
    </Button>
  );
}
