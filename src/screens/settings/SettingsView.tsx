import {
  Alert,
  Button,
  Code,
  CopyButton,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSettings } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SECRET_PLACEHOLDER, sttProviders } from '../../api/contract/settings.ts';
import type { SettingsDraft } from '../../machines/settingsForm/draft.ts';
import { CONFLICT_HINT, LOAD_FAILED, type settingsFormMachine } from '../../machines/settingsForm/machine.ts';
import { selectDirty, selectFieldErrors, selectSaving } from '../../machines/settingsForm/selectors.ts';
import { KNOWLEDGE_SWITCH_LABEL } from '../knowledge/knowledgeUse.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SaveBar } from '../../ui/SaveBar.tsx';
import { TextBlockField, correctionLines, jsonObjectText } from './TextBlockField.tsx';

type Actor = ActorRefFrom<typeof settingsFormMachine>;

/** /app/settings: grouped sections, saved together through the save bar (Ctrl+S). Renders state, sends events. */
export function SettingsView({
  actor,
  canEdit = true,
  canRenewToken = true,
}: {
  actor: Actor;
  canEdit?: boolean;
  canRenewToken?: boolean;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const reloadButton = (
    <Button
      mt="sm"
      variant="light"
      leftSection={<IconRefresh size={16} />}
      onClick={() => actor.send({ type: 'settings.reload' })}
    >
      Reload
    </Button>
  );
  const errors = useSelector(actor, selectFieldErrors);
  const dirty = useSelector(actor, selectDirty);
  const saving = useSelector(actor, selectSaving);
  const { draft, token, voices, languages, projectId, chosenThreshold } = snapshot.context;

  const header = (
    <PageHeader
      icon={IconSettings}
      title="Settings"
      description="Language, channel and chatbot settings of the project."
    />
  );

  if (snapshot.hasTag('loading')) {
    return (
      <Stack>
        {header}
        <Group>
          <Loader size="sm" aria-label="Loading settings" />
          <Text c="dimmed">Loading settings…</Text>
        </Group>
      </Stack>
    );
  }
  if (snapshot.matches('loadFailed') || !draft) {
    return (
      <Stack>
        {header}
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={LOAD_FAILED}>
          {reloadButton}
        </Alert>
      </Stack>
    );
  }

  const conflict = snapshot.matches('conflict');
  const locked = !canEdit || saving || conflict;
  const change = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) =>
    actor.send({ type: 'settings.change', field, value });
  const text = (
    field: keyof SettingsDraft & string,
    label: string,
    extra: { description?: string; placeholder?: string } = {},
  ) => (
    <TextInput
      label={label}
      {...extra}
      value={String(draft[field] ?? '')}
      error={errors[field]}
      disabled={locked}
      onChange={(e) => change(field, e.currentTarget.value as never)}
    />
  );
  const number = (
    field: keyof SettingsDraft & string,
    label: string,
    opts: { min: number; max: number; step?: number; decimalScale?: number; emptyMeans?: string },
  ) => (
    <NumberInput
      label={label}
      description={opts.emptyMeans}
      value={(draft[field] as number | null) ?? ''}
      min={opts.min}
      max={opts.max}
      step={opts.step ?? 1}
      decimalScale={opts.decimalScale}
      allowDecimal={opts.decimalScale !== undefined}
      error={errors[field]}
      disabled={locked}
      onChange={(v) =>
        typeof v === 'number' ? change(field, v as never) : opts.emptyMeans && v === '' && change(field, null as never)
      }
    />
  );
  const secret = (field: 'sip_password_dev' | 'sip_password_prod', label: string) => (
    <PasswordInput
      label={label}
      description={
        draft[field] === SECRET_PLACEHOLDER
          ? 'A password is stored; type a new one to replace it, clear it to remove it.'
          : 'Write-only: never shown again.'
      }
      value={draft[field]}
      autoComplete="new-password"
      error={errors[field]}
      disabled={locked}
      onChange={(e) => change(field, e.currentTarget.value)}
    />
  );
  const toggle = (field: 'is_chat' | 'multi_intent' | 'knowledge_fallback', label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={draft[field]}
      disabled={locked}
      onChange={(e) => change(field, e.currentTarget.checked)}
    />
  );

  return (
    <Stack pb={80}>
      {header}
      {conflict && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Conflict! Data not saved.">
          <Text size="sm">{CONFLICT_HINT}</Text>
          {reloadButton}
        </Alert>
      )}

      <Fieldset legend="General">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {text('name', 'Name')}
          <Select
            label="Language"
            data={languages.map((l) => ({ value: l.code, label: l.name }))}
            value={draft.language}
            error={errors.language}
            disabled={locked}
            allowDeselect={false}
            onChange={(v) => v && change('language', v as SettingsDraft['language'])}
          />
          {number('confidence_threshold', 'Confidence threshold', {
            min: 0,
            max: 1,
            step: 0.05,
            decimalScale: 3,
            emptyMeans: emptyThresholdMeans(chosenThreshold),
          })}
          {number('conversations_retention', 'Keep conversations (days)', { min: 1, max: 3650 })}
          {toggle('is_chat', 'Chat only', 'No voice channel: hides outbound campaigns and telephony settings.')}
          {toggle('multi_intent', 'Multiple intents', 'Recognise more than one intent in one message.')}
        </SimpleGrid>
        <TagsInput
          mt="md"
          label="Context phrases"
          description="Phrases the speech recogniser should expect; press Enter after each."
          value={draft.context_phrases}
          error={errors.context_phrases}
          disabled={locked}
          onChange={(v) => change('context_phrases', v)}
        />
      </Fieldset>

      <Fieldset legend="Knowledge base">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {toggle(
            'knowledge_fallback',
            KNOWLEDGE_SWITCH_LABEL,
            'When no intent clears the confidence threshold, or a recognised intent has no reaction, the bot answers from the knowledge base before the fallback reaction.',
          )}
          {number('knowledge_threshold', 'Knowledge threshold', { min: 0, max: 1, step: 0.05, decimalScale: 3 })}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Voice and speech">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Voice"
            data={voices.map((v) => ({ value: v.id, label: v.name }))}
            value={draft.voices_id}
            error={errors.voices_id}
            disabled={locked}
            clearable
            onChange={(v) => change('voices_id', v)}
          />
          {number('voice_pitch', 'Voice pitch', { min: -20, max: 20, step: 0.5, decimalScale: 2 })}
          {number('voice_speed', 'Voice speed', { min: 0.25, max: 4, step: 0.05, decimalScale: 2 })}
          <Select
            label="Speech-to-text provider"
            data={[...sttProviders]}
            value={draft.stt_provider}
            allowDeselect={false}
            disabled={locked}
            onChange={(v) => v && change('stt_provider', v as SettingsDraft['stt_provider'])}
          />
          {number('autocorrect_threshold', 'Autocorrect threshold', { min: 0, max: 1, step: 0.05, decimalScale: 3 })}
        </SimpleGrid>
        <TextBlockField
          label="Speech-to-text corrections"
          description="One per line: heard => meant"
          value={draft.stt_corrections}
          {...correctionLines}
          error={errors.stt_corrections}
          disabled={locked}
          onChange={(v) => change('stt_corrections', v)}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
          {text('long_silence_utter', 'Long silence: what the bot says')}
          {text('long_silence_hangup_utter', 'Long silence: what the bot says before hanging up')}
          {number('long_silence_timeout', 'Long silence timeout (seconds)', { min: 1, max: 600 })}
          {number('long_silence_retries', 'Long silence retries', { min: 0, max: 10 })}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Telephony">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <Text fw={600}>Testing</Text>
            {number('instances_dev', 'Instances', { min: 0, max: 50 })}
            {text('sip_server_dev', 'SIP server', { placeholder: 'sip.example.com:5060' })}
            {text('sip_number_dev', 'SIP number')}
            {secret('sip_password_dev', 'SIP password')}
          </Stack>
          <Stack gap="sm">
            <Text fw={600}>Production</Text>
            {number('instances_prod', 'Instances', { min: 0, max: 50 })}
            {text('sip_server_prod', 'SIP server', { placeholder: 'sip.example.com:5060' })}
            {text('sip_number_prod', 'SIP number')}
            {secret('sip_password_prod', 'SIP password')}
          </Stack>
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Chatbot widget">
        {text('chatbot_base_url', 'Chatbot base URL', {
          placeholder: 'https://bot.example.com',
          description: 'Where the chatbot bundle is loaded from.',
        })}
        <Group mt="md" align="flex-end">
          <TextInput
            label="Chatbot token"
            value={token}
            readOnly
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <CopyButton value={token}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          {canRenewToken && (
            <Button
              variant="light"
              color="orange"
              loading={snapshot.matches('renewingToken')}
              disabled={!snapshot.matches({ editing: 'pristine' }) && !snapshot.matches('renewingToken')}
              onClick={() => actor.send({ type: 'settings.renewToken' })}
            >
              Renew token
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          Project <Code>{projectId}</Code>. Renewing the token stops the old one at once; save other changes first.
        </Text>
        <TextBlockField
          label="Chatbot client style (SCSS)"
          value={draft.chatbot_client_scss}
          format={(v) => v}
          parse={(t) => ({ value: t })}
          error={errors.chatbot_client_scss}
          disabled={locked}
          onChange={(v) => change('chatbot_client_scss', v)}
        />
        <TextBlockField
          label="Chatbot client script"
          value={draft.chatbot_client_js}
          format={(v) => v}
          parse={(t) => ({ value: t })}
          error={errors.chatbot_client_js}
          disabled={locked}
          onChange={(v) => change('chatbot_client_js', v)}
        />
      </Fieldset>

      <Fieldset legend="Configuration">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {(['config_struct', 'config_dev', 'config_prod'] as const).map((field) => (
            <TextBlockField
              key={field}
              label={
                { config_struct: 'Structure', config_dev: 'Testing values', config_prod: 'Production values' }[field]
              }
              description="A JSON object"
              value={draft[field]}
              {...jsonObjectText}
              error={errors[field]}
              disabled={locked}
              minRows={5}
              onChange={(v) => change(field, v)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>

      {canEdit && (
        <div style={{ position: 'sticky', bottom: 0, zIndex: 5 }}>
          <Group justify="flex-end" mb={4}>
            {dirty && (
              <Button variant="subtle" size="xs" onClick={() => actor.send({ type: 'settings.discard' })}>
                Discard changes
              </Button>
            )}
          </Group>
          <SaveBar
            dirty={dirty}
            saving={saving && snapshot.matches('saving')}
            onSave={() => actor.send({ type: 'settings.save' })}
            status={Object.keys(errors).length ? 'Fix the marked fields to save.' : undefined}
          />
        </div>
      )}
    </Stack>
  );
}

/** What an empty confidence threshold means (issue 34 item 6): the project's own, and its value after the last training. */
export function emptyThresholdMeans(chosen: number | null): string {
  const now = chosen === null ? '' : ` (the last training chose ${chosen})`;
  return `Empty: chosen at each training from the project’s own cross-validation${now}; the Intents screen says why. A number here wins.`;
}
