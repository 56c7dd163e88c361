import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a screen shows when its data could not be loaded: the failure (and the server's message, when there is one)
 * and a Retry button that asks again; `other` offers a way on without it.
 */
export function RetryAlert(props: {
  title: string;
  onRetry: () => void;
  icon?: ReactNode;
  message?: string | null;
  other?: { label: string; onClick: () => void };
}) {
  return (
    <Alert color="red" icon={props.icon} title={props.title}>
      {props.message && <Text size="sm">{props.message}</Text>}
      <Group mt="sm" gap="xs">
        <Button variant="light" onClick={props.onRetry}>
          Retry
        </Button>
        {props.other && (
          <Button variant="default" onClick={props.other.onClick}>
            {props.other.label}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
