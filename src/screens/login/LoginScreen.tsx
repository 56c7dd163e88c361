import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconLock,
  IconMail,
  IconMessageChatbot,
  IconShieldCheck,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { SessionActor } from '../../machines/session/context.ts';
import { loginError } from '../../machines/session/selectors.ts';
import { SUPPORT_EMAIL } from '../../ui/shell/ShellFooter.tsx';
import classes from './LoginScreen.module.css';
import { SsoLoginButton } from '../../ui/SsoLoginButton.tsx';

/** The top of both login steps: the step's heading and hint, then the server's refusal if there is one. */
function FormIntro({ heading, hint, error }: { heading: ReactNode; hint: string; error: string | null }) {
  return (
    <>
      <Stack gap={4}>
        {heading}
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="login-error">
          {error}
        </Alert>
      )}
    </>
  );
}

/** /login (spec 1 §2): email and password, then the 6-digit code when the account has one enrolled. */
export default function LoginScreen() {
  const session = SessionActor.useActorRef();
  const otpStep = SessionActor.useSelector((s) => s.matches({ anonymous: 'oneTimeCode' }));
  const busy = SessionActor.useSelector((s) => s.hasTag('loading'));
  const fieldErrors = SessionActor.useSelector((s) => s.context.fieldErrors);
  const error = SessionActor.useSelector(loginError);
  const email = SessionActor.useSelector((s) => s.context.credentials?.email ?? '');
  const [otp, setOtp] = useState('');

  return (
    <Box className={classes.page}>
      <Box className={classes.brand} visibleFrom="md">
        <Stack gap="lg" maw={420}>
          <ThemeIcon size={56} radius="lg" variant="white" color="indigo">
            <IconMessageChatbot size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} c="white" fz={36} lh={1.15}>
            Build, test and run your conversational bots.
          </Title>
          <Text c="indigo.1" size="lg">
            Intents, reactions, tests, deployments and conversations of every project, in one console.
          </Text>
        </Stack>
      </Box>
      <Center className={classes.formSide}>
        <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
          {otpStep ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                session.send({ type: 'login.submit', email, passwd: '', otp });
              }}
            >
              <Stack gap="md">
                <FormIntro
                  heading={
                    <Group gap="xs">
                      <IconShieldCheck size={22} color="var(--mantine-color-indigo-6)" />
                      <Title order={3}>One-time code</Title>
                    </Group>
                  }
                  hint={`Enter the 6-digit code from your authenticator app for ${email}.`}
                  error={error}
                />
                <Stack gap={4}>
                  <PinInput
                    length={6}
                    type="number"
                    oneTimeCode
                    value={otp}
                    onChange={setOtp}
                    aria-label="One-time code"
                    error={!!fieldErrors.otp}
                    autoFocus
                    disabled={busy}
                  />
                  {fieldErrors.otp && (
                    <Text size="xs" c="red">
                      {fieldErrors.otp}
                    </Text>
                  )}
                </Stack>
                <Button type="submit" loading={busy} fullWidth>
                  Verify and log in
                </Button>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setOtp('');
                    session.send({ type: 'login.back' });
                  }}
                >
                  <Group gap={4} justify="center">
                    <IconArrowLeft size={14} />
                    Use a different account
                  </Group>
                </Anchor>
              </Stack>
            </form>
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const data = new FormData(event.currentTarget);
                session.send({
                  type: 'login.submit',
                  email: String(data.get('email') ?? ''),
                  passwd: String(data.get('passwd') ?? ''),
                });
              }}
            >
              <Stack gap="md">
                <FormIntro
                  heading={<Title order={3}>Log in</Title>}
                  hint="Welcome back. Log in to manage your bots."
                  error={error}
                />
                <TextInput
                  name="email"
                  type="email"
                  label="Email"
                  placeholder="you@company.com"
                  autoComplete="username"
                  leftSection={<IconMail size={16} />}
                  error={fieldErrors.email}
                  defaultValue={email}
                  autoFocus
                  disabled={busy}
                />
                <PasswordInput
                  name="passwd"
                  label="Password"
                  placeholder="Your password"
                  autoComplete="current-password"
                  leftSection={<IconLock size={16} />}
                  error={fieldErrors.passwd}
                  disabled={busy}
                />
                <Button type="submit" loading={busy} fullWidth mt="xs">
                  Log in
                </Button>
                <SsoLoginButton />
                <Text size="xs" c="dimmed" ta="center">
                  No account yet? Request Access from your administrator or{' '}
                  <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=Request%20Access`} size="xs">
                    {SUPPORT_EMAIL}
                  </Anchor>
                  .
                </Text>
              </Stack>
            </form>
          )}
        </Paper>
      </Center>
    </Box>
  );
}
