import { Alert, Code } from '@mantine/core';

/**
 * A one-off password an administrator has just set: shown once, to be passed on; the user must change it. Takes
 * the machine's `oneOffPassword` as it is (nothing shown while it is null), for the users and platform screens.
 */
export function OneOffPasswordAlert({
  shown,
  onDismiss,
}: {
  shown: { email: string; password: string } | null;
  onDismiss: () => void;
}) {
  if (!shown) return null;
  const { email, password } = shown;
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
