import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a screen shows when its data could not be loaded: the failure and a Retry button that asks again. */
export function RetryAlert(props: { title: string; onRetry: () => void; icon?: ReactNode }) {
  return (
    <Alert color="red" icon={props.icon} title={props.title}>
      <Button mt="sm" variant="light" onClick={props.onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
