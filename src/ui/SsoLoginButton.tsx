import { Button } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { ssoResponseInLocation } from '../api/sso.ts';
import { providedSsoLoginMachine } from '../machines/ssoLogin/provide.ts';

/** The corporate sign-on button of the login screen; hidden unless the server has a provider configured. */
export function SsoLoginButton() {
  const actor = useActorRef(providedSsoLoginMachine, { input: { response: ssoResponseInLocation() } });
  const state = useSelector(actor, (s) => s);
  if (!state.matches('ready') && !state.hasTag('busy')) return null;
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBuildingSkyscraper size={18} />}
      loading={state.hasTag('busy')}
      onClick={() => actor.send({ type: 'sso.start' })}
    >
      Sign in with corporate account
    </Button>
  );
}
