import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A guided empty state (issue 19): what to do next in one sentence, with one button. Without `onAction` (the
 * user may not do it) the sentence stays and the button goes.
 */
export function GuidedEmpty(props: {
  title: string;
  sentence: string;
  action: string;
  onAction?: () => void;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState icon={props.icon} title={props.title} description={props.sentence} data-testid={props.testId} py="lg">
      {props.onAction && (
        <EmptyState.Actions>
          <Button size="xs" onClick={props.onAction}>
            {props.action}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
