import { Alert, Button, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconKey } from '@tabler/icons-react';

export interface ChangePasswordModalProps {
  opened: boolean;
  /** The expired-password dialog cannot be closed (spec 1 §4); a voluntary change can. */
  closable: boolean;
  onClose?: () => void;
  passwd: string;
  confirm: string;
  /** The current password, asked for in the voluntary change only (`closable`). */
  current: string;
  /** The live validation message (spec 1 §5), or null. */
  problem: string | null;
  checking: boolean;
  valid: boolean;
  saving: boolean;
  /** The current password may be sent; the forced change does not ask for it. */
  canSubmit: boolean;
  onInput: (passwd: string, confirm: string, current: string) => void;
  onSubmit: () => void;
}

/** The change-password dialog: two entries, validated on each keypress, saved when valid. */
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  const { opened, closable, passwd, confirm, current, problem, checking, valid, saving, canSubmit, onInput, onSubmit } =
    props;
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
          if (canSubmit) onSubmit();
        }}
      >
        <Stack gap="md">
          {!closable && (
            <Text size="sm" c="dimmed">
              Your password has expired. Choose a new one to continue.
            </Text>
          )}
          {closable && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => onInput(passwd, confirm, event.currentTarget.value)}
              data-autofocus
              disabled={saving}
            />
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={passwd}
            onChange={(event) => onInput(event.currentTarget.value, confirm, current)}
            {...(closable ? {} : { 'data-autofocus': true })}
            disabled={saving}
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => onInput(passwd, event.currentTarget.value, current)}
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
            {closable && (
              <Button variant="default" onClick={() => props.onClose?.()} disabled={saving}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={!canSubmit} loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
