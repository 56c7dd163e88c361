// The guided empty states (issue 19): one sentence and one button; "Talk to the bot" asks Run Chat to open.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GuidedEmpty } from '../../src/ui/GuidedEmpty.tsx';

const view = (onAction?: () => void) =>
  render(
    <MantineProvider env="test">
      <GuidedEmpty testId="empty" title="No tests yet" sentence="Add one." action="Add a test" onAction={onAction} />
    </MantineProvider>,
  );

describe('guided empty state', () => {
  it('says what to do next in one sentence with one button that does it', () => {
    const onAction = vi.fn();
    view(onAction);
    expect(screen.getByTestId('empty')).toHaveTextContent('No tests yetAdd one.');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add a test' }));
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('keeps the sentence but offers no button to a user who may not do it', () => {
    view();
    expect(screen.getByText('Add one.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
