import { Center, Text } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { providedOtpEnrolmentMachine } from '../../machines/otpEnrolment/provide.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { OTP_REQUIRED_NOTICE, OtpEnrolmentModal } from '../../ui/OtpEnrolmentModal.tsx';

/**
 * The console while the platform requires one-time codes and the user has none (require_otp): no project, no
 * screen (the server refuses their calls), only the enrolment dialog, forced open. A confirmed code tells the
 * session, which then shows the console.
 */
export function OtpEnrolmentGate() {
  const session = SessionActor.useActorRef();
  const logic = useMemo(
    () =>
      providedOtpEnrolmentMachine.provide({ actions: { userChanged: () => session.send({ type: 'otp.enrolled' }) } }),
    [session],
  );
  const otpEnrolment = useActorRef(logic, { input: { enabled: false, forced: true } });
  return (
    <>
      <Center mih="60vh" data-testid="otp-enrolment-gate">
        <Text c="dimmed">{OTP_REQUIRED_NOTICE}</Text>
      </Center>
      <OtpEnrolmentModal actor={otpEnrolment} onLogout={() => session.send({ type: 'session.logout' })} />
    </>
  );
}
