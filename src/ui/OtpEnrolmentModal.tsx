import { Alert, Button, Group, Image, Loader, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { otpEnrolmentMachine } from '../machines/otpEnrolment/machine.ts';

export interface OtpEnrolmentModalProps {
  actor: ActorRefFrom<typeof otpEnrolmentMachine>;
  /** Offered while enrolment is forced, the one way out of a dialog that cannot be closed. */
  onLogout?: () => void;
}

/** Shown while the platform requires one-time codes and the user has none yet. */
export const OTP_REQUIRED_NOTICE = 'This platform requires one-time codes. Set them up to continue.';

/**
 * The one-time code dialog (user menu): scan the QR code and confirm with a code, or turn codes off with a
 * current one. Opens from the machine's state; the menu item only sends `otp.open`.
 */
export function OtpEnrolmentModal({ actor, onLogout }: OtpEnrolmentModalProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { enrolment, code, error, forced } = state.context;
  const busy = state.hasTag('busy');
  const disablingFlow = state.matches('askingToDisable') || state.matches('disabling');
  const codeField = (
    <PinInput
      length={6}
      type="number"
      oneTimeCode
      value={code}
      disabled={busy}
      aria-label="One-time code"
      onChange={(value) => send({ type: 'otp.input', code: value })}
      onComplete={() => send({ type: 'otp.confirm' })}
    />
  );
  const codeAndError = (
    <>
      {codeField}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );

  return (
    <Modal
      opened={!state.matches('closed')}
      onClose={() => send({ type: 'otp.close' })}
      title="One-time codes"
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      data-testid="otp-enrolment-modal"
    >
      {forced && (
        <Alert color="blue" mb="md" data-testid="otp-required-notice">
          {OTP_REQUIRED_NOTICE}
        </Alert>
      )}
      {state.hasTag('loading') && (
        <Group justify="center" p="lg">
          <Loader aria-label="Preparing one-time codes" />
        </Group>
      )}
      {state.matches('startFailed') && (
        <Stack>
          <Alert color="red" title="One-time codes could not be prepared.">
            {error}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => send({ type: 'otp.retry' })}>Try again</Button>
          </Group>
        </Stack>
      )}
      {(state.matches('showingCode') || state.matches('confirming')) && enrolment && (
        <Stack align="center">
          <Text size="sm">Scan the code with an authenticator app, then type the 6 digits it shows.</Text>
          <Image src={enrolment.qr_code} alt="QR code for the authenticator app" w={220} h={220} />
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {enrolment.secret}
          </Text>
          {codeAndError}
          <Button
            loading={busy}
            disabled={!state.can({ type: 'otp.confirm' })}
            onClick={() => send({ type: 'otp.confirm' })}
          >
            Turn on
          </Button>
        </Stack>
      )}
      {disablingFlow && (
        <Stack align="center">
          <Text size="sm">One-time codes are on. Type a current code to turn them off.</Text>
          {codeAndError}
          <Button
            color="red"
            loading={busy}
            disabled={!state.can({ type: 'otp.confirm' })}
            onClick={() => send({ type: 'otp.confirm' })}
          >
            Turn off
          </Button>
        </Stack>
      )}
      {forced && onLogout && (
        <Group justify="center" mt="md">
          <Button variant="subtle" color="gray" onClick={onLogout}>
            Log out
          </Button>
        </Group>
      )}
    </Modal>
  );
}
