/**
 * Which dialler places the campaigns' calls, and its credentials (server/config.ts reads these from the environment,
 * CAMPAIGN_DIALLER). `none` (the default) dials nothing: campaigns can be prepared and their calls wait; `fake`
 * answers every call (demos, end-to-end tests without SIP).
 */
export type DiallerSettings = { kind: 'none' } | { kind: 'fake' } | GatewaySettings;

/** A dialler that really places calls. */
export type GatewaySettings =
  | { kind: 'sip'; baresipBinary: string; sipHost: string }
  | ({ kind: 'jambonz'; apiUrl: string; accountSid: string; apiKey: string } & StatusCallbacks)
  | ({ kind: 'twilio'; apiUrl: string; accountSid: string; authToken: string } & StatusCallbacks);

/** Where hosted gateways post call statuses, and the secret that signs each call's callback URL. */
export interface StatusCallbacks {
  /** This console as the gateway reaches it (DIALLER_PUBLIC_URL), e.g. https://console.example.com. */
  publicUrl: string;
  /** DIALLER_WEBHOOK_SECRET: the same on every instance, since a webhook may land on any of them. */
  webhookSecret: string;
}

function required(env: NodeJS.ProcessEnv, names: string[], dialler: string): Record<string, string> {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`CAMPAIGN_DIALLER=${dialler} needs ${missing.join(', ')} as well.`);
  return Object.fromEntries(names.map((name) => [name, env[name] as string]));
}

function httpUrl(name: string, value: string): string {
  if (!/^https?:\/\/[^\s/]+/i.test(value) || !URL.canParse(value)) throw new Error(`${name} must be an http(s) URL.`);
  return value.replace(/\/+$/, '');
}

function statusCallbacks(env: NodeJS.ProcessEnv, dialler: string): StatusCallbacks {
  const { DIALLER_PUBLIC_URL, DIALLER_WEBHOOK_SECRET } = required(
    env,
    ['DIALLER_PUBLIC_URL', 'DIALLER_WEBHOOK_SECRET'],
    dialler,
  );
  if (DIALLER_WEBHOOK_SECRET.length < 32) throw new Error('DIALLER_WEBHOOK_SECRET must be at least 32 characters.');
  return { publicUrl: httpUrl('DIALLER_PUBLIC_URL', DIALLER_PUBLIC_URL), webhookSecret: DIALLER_WEBHOOK_SECRET };
}

export function readDiallerSettings(env: NodeJS.ProcessEnv): DiallerSettings {
  const kind = env.CAMPAIGN_DIALLER || 'none';
  if (kind === 'none' || kind === 'fake') return { kind };
  if (kind === 'sip') {
    return { kind, baresipBinary: env.BARESIP_BINARY || 'baresip', sipHost: env.DIALLER_SIP_HOST || '0.0.0.0' };
  }
  if (kind === 'jambonz') {
    const v = required(env, ['JAMBONZ_ACCOUNT_SID', 'JAMBONZ_API_KEY'], kind);
    return {
      kind,
      apiUrl: httpUrl('JAMBONZ_API_URL', env.JAMBONZ_API_URL || 'https://api.jambonz.cloud'),
      accountSid: v.JAMBONZ_ACCOUNT_SID,
      apiKey: v.JAMBONZ_API_KEY,
      ...statusCallbacks(env, kind),
    };
  }
  if (kind === 'twilio') {
    const v = required(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'], kind);
    return {
      kind,
      apiUrl: httpUrl('TWILIO_API_URL', env.TWILIO_API_URL || 'https://api.twilio.com'),
      accountSid: v.TWILIO_ACCOUNT_SID,
      authToken: v.TWILIO_AUTH_TOKEN,
      ...statusCallbacks(env, kind),
    };
  }
  throw new Error(`CAMPAIGN_DIALLER must be none, fake, sip, jambonz or twilio, not "${kind}".`);
}
