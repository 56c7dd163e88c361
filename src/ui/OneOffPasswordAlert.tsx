import { Alert, Code } from '@mantine/core';

/** A one-off password an administrator has just set: shown once, to be passed on; the user must change it. */
export function OneOffPasswordAlert({
  email,
  password,
  onDismiss,
}: {
  email: string;
  password: string;
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title="One-off password"
      withCloseButton
      closeButtonLabel="Dismiss the one-off password"
      onClose={onDismiss}
    >
      Give this password to {email || 'the user'}; it is shown once and must be changed at the next login:{' '}
      <Code data-testid="one-off-password">{password}</Code>
    </Alert>
  );
}
