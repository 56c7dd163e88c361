import { Alert, Button, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconKey } from '@tabler/icons-react';

export interface ChangePasswordModalProps {
  opened: boolean;
  /** The expired-password dialog cannot be closed (spec 1 §4); a voluntary change can. */
  closable: boolean;
  onClose?: () => void;
  passwd: string;
  confirm: string;
  /** The live validation message (spec 1 §5), or null. */
  problem: string | null;
  checking: boolean;
  valid: boolean;
  saving: boolean;
  onInput: (passwd: string, confirm: string) => void;
  onSubmit: () => void;
}

/** The change-password dialog: two entries, validated on each keypress, saved when valid. */
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  const { opened, closable, passwd, confirm, problem, checking, valid, saving, onInput, onSubmit } = props;
  return (
    <Modal
      opened={opened}
      onClose={() => props.onClose?.()}
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      title={
        <Group gap="xs">
          <IconKey size={20} stroke={1.6} />
          <Text fw={650}>Change your password</Text>
        </Group>
      }
      size="md"
      data-testid="change-password-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSubmit();
        }}
      >
        <Stack gap="md">
          {!closable && (
            <Text size="sm" c="dimmed">
              Your password has expired. Choose a new one to continue.
            </Text>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={passwd}
            onChange={(event) => onInput(event.currentTarget.value, confirm)}
            data-autofocus
            disabled={saving}
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => onInput(passwd, event.currentTarget.value)}
            disabled={saving}
          />
          <div aria-live="polite" style={{ minHeight: 40 }}>
            {problem && (
              <Alert color="red" variant="light" p="xs" data-testid="password-problem">
                {problem}
              </Alert>
            )}
            {checking && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Checking the password…
                </Text>
              </Group>
            )}
            {valid && !saving && (
              <Group gap="xs" c="teal">
                <IconCheck size={16} />
                <Text size="sm">The password is strong enough.</Text>
              </Group>
            )}
          </div>
          <Group justify="flex-end">
            <Button type="submit" disabled={!valid} loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
