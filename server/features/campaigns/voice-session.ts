import { LOG_LEVELS, type LogLevelName, type TrackerEntry } from '../../../src/api/contract/chat.ts';
import type { SttProvider } from '../../../src/api/contract/settings.ts';
import { TrackerClock } from '../../chat/tracker.ts';
import type { Db } from '../../db/database.ts';
import type { ChatCaller } from '../chat/chat-caller.ts';
import type { BotSource } from '../deployments/bot-source.ts';
import type { ChatEngine } from '../chat/chat-engine.ts';
import { setConversationChannel } from '../chat/conversation-writes.ts';
import { readSettings } from '../settings/settings.ts';
import { readSpeechSettings } from '../settings/speech-settings.ts';
import type { SpeechEngine, SpeechOptions } from '../../speech/speech-engine.ts';
import { linkConversation, setAnsweredBy } from './outbound-calls.ts';
import type {
  CallEndReason,
  DigitCollection,
  Dialler,
  GatheredInput,
  MachineDetection,
  SpeechListening,
  VoiceTurn,
} from './dialler.ts';
import { toTelephoneWav } from './diallers/telephone-wav.ts';
import { spokenButtonNumber } from './spoken-number.ts';
import {
  MIN_SPEECH_CONFIDENCE,
  NO_SPEECH_RECOGNITION,
  NO_SPEECH_RECOGNIZER,
  SPEECH_NOT_UNDERSTOOD,
  type SpeechRecognizer,
  speechLanguageTag,
} from './speech-recognition.ts';

/** The log entry that ends a call's conversation when the call ends. */
export const CALL_ENDED = 'The call ended.';

/** The log entry of a call an answering machine answered, when the campaign leaves it the start reaction. */
export const MACHINE_MESSAGE = 'An answering machine answered: the start reaction was left as a message.';

/**
 * Seconds a gateway that detects after the answer (jambonz) stays silent waiting for its verdict: past jambonz's own
 * decision timeout (15 s by default), so only a detection that failed outright runs into it.
 */
export const DETECTION_WAIT_SECONDS = 20;
/** Seconds it waits for a machine's greeting to end (jambonz's tone timeout is 20 s) before the message anyway. */
export const GREETING_WAIT_SECONDS = 30;

/** A turn that says and does nothing: the call goes on as it is. */
const NOTHING: VoiceTurn = { utterances: [], transferTo: null, hangUp: false };

/** The log entry of a gather that heard nothing (args: which silence in a row, of how many allowed). */
export const LONG_SILENCE = 'Long silence: the callee said nothing.';

/**
 * The project's settings a call follows: long silence (Settings: utterance, timeout, retries, hang-up utterance) and
 * the speech-to-text provider a gateway's gather listens with.
 */
export interface CallSettings {
  utter: string;
  timeoutSeconds: number;
  retries: number;
  hangupUtter: string;
  sttProvider: SttProvider;
}

/** The callee's message on a call: its text, and what its utterance entry records (how it was given). */
interface CalleeMessage {
  text: string;
  args: Record<string, unknown>;
}

const keyed = (text: string): CalleeMessage => ({ text, args: { input: 'dtmf' } });

/** A speech result the gateway could not turn into words the bot can act on. */
type UnclearSpeech = Extract<GatheredInput, { kind: 'speech' }>;

/**
 * A re-prompt's log entry, counted towards the long-silence retries: a silence, or (on a gateway) speech that was not
 * understood. The SIP path's not-understood entries (no re-prompt, no count) carry no `hang_up` and are not counted.
 */
const isReprompt = (e: TrackerEntry) =>
  e.type === 'log' && (e.value === LONG_SILENCE || (e.value === SPEECH_NOT_UNDERSTOOD && 'hang_up' in e.args));

/** A turn's mark (VoiceTurn.mark): the timestamp of the conversation's last entry once the turn is stored. */
const markOf = (tracker: readonly TrackerEntry[]) => tracker.at(-1)?.timestamp ?? 0;

/** What a spoken answer is compared by: lower case, without punctuation, single spaces. */
const spokenForm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Who a call's turns run as: the project's bot in the call's environment, by the conversation's token. */
const botCaller = (projectId: number, env: 'dev' | 'prod'): ChatCaller => ({
  projectId,
  env,
  userId: null,
  via: 'token',
});

/** The answered call a call row names (callRow). */
const answeredCallOf = (
  callId: number,
  row: { project_id: number; project_env: 'dev' | 'prod'; provider_call_id: string | null },
): AnsweredCall => ({ callId, projectId: row.project_id, env: row.project_env, providerCallId: row.provider_call_id });

/** Runs `work` after everything already queued for the call (CampaignEngine's per-call order). */
export type CallOrder = <T>(callId: number, work: () => Promise<T>) => Promise<T>;

/** A reaction's buttons on a call: the first nine, each chosen by its number. */
export const CALL_BUTTONS = 9;

/** How a call offers a reaction's buttons, spoken after its prompt: its text, then "Press 1 for …" for each. */
export function buttonsMenu(args: Record<string, unknown>): string {
  const buttons = buttonsOf(args);
  const text = typeof args.text === 'string' ? args.text.trim() : '';
  const menu = buttons.map((b, i) => `Press ${i + 1} for ${b.title}.`).join(' ');
  return [text, menu].filter(Boolean).join(' ');
}

function buttonsOf(args: Record<string, unknown>): { title: string; payload: string }[] {
  const list = Array.isArray(args.buttons) ? args.buttons : [];
  return list
    .map((b) => {
      const item = (b ?? {}) as Record<string, unknown>;
      const title = typeof item.title === 'string' ? item.title : '';
      return { title, payload: typeof item.payload === 'string' && item.payload ? item.payload : title };
    })
    .filter((b) => b.title)
    .slice(0, CALL_BUTTONS);
}

/** What a tracker entry says into the call: a bot utterance, or a reaction's buttons as their menu; else null. */
function spokenText(e: TrackerEntry): string | null {
  if (e.type === 'utter' && e.args.who !== 'user' && e.value) return e.value as string;
  if (e.type === 'action' && e.value === 'buttons' && buttonsOf(e.args).length) return buttonsMenu(e.args);
  return null;
}

/**
 * What the bot's last turn waits for: its buttons (the last buttons action since the callee last spoke, chosen by
 * number) and a collection of digits (its last collect_digits action).
 */
function awaitedAnswer(entries: readonly TrackerEntry[]): {
  buttons: { title: string; payload: string }[];
  collect: DigitCollection | null;
} {
  const lastUser = entries.findLastIndex((e) => e.type === 'utter' && e.args.who === 'user');
  const since = entries.slice(lastUser + 1);
  const buttons = since.findLast((e) => e.type === 'action' && e.value === 'buttons');
  const collect = since.findLast((e) => e.type === 'action' && e.value === 'collect_digits');
  const key = collect?.args.finish_on_key;
  const max = Number(collect?.args.max);
  return {
    buttons: buttons ? buttonsOf(buttons.args) : [],
    collect: collect
      ? {
          max: Number.isInteger(max) && max > 0 ? max : null,
          finishOnKey: key === '#' || key === '*' ? key : null,
          interDigitSeconds: Number(collect.args.timeout) > 0 ? Number(collect.args.timeout) : 5,
        }
      : null,
  };
}

/** Digits keyed so far on a SIP call whose bot collects several (collect_digits). */
interface KeyedDigits {
  digits: string;
  collect: DigitCollection;
  timer: NodeJS.Timeout | null;
}

/** Where an answered call's conversation lives: stored on the call row, so any instance can run its next turn. */
interface CallConversation extends AnsweredCall {
  conversationId: number;
  token: string;
}

/** An answered call of a campaign: which project's bot in which environment talks on it. */
interface AnsweredCall {
  callId: number;
  projectId: number;
  env: 'dev' | 'prod';
  /** Null until the batch storing provider ids reaches the call (a gateway's webhooks do not need it). */
  providerCallId: string | null;
}

/**
 * The bot on an answered call (issue 17 §3): the campaign's bot in its environment talks through the chat engine
 * (so the conversation is stored and logged like any other, as a voice conversation); what it utters is spoken
 * into the call by the speech engine; DTMF digits are the callee's messages; `call_end` hangs up and
 * `call_transfer` transfers to the target project's number. Stateless between events: the call row holds the
 * conversation's id and token.
 */
export class VoiceSessions {
  private readonly db: Db;
  private readonly chat: ChatEngine;
  private readonly bots: BotSource;
  private readonly speech: SpeechEngine | null;
  private readonly dialler: Dialler;
  private readonly recognizer: SpeechRecognizer;
  private readonly log: (message: string, error?: unknown) => void;
  /** SIP calls (this process's) in the middle of a keyed answer, by call id. */
  private readonly keyed = new Map<number, KeyedDigits>();
  /** SIP calls (this process's) waiting for the callee: the long-silence timer of each, by call id. */
  private readonly silenceTimers = new Map<number, NodeJS.Timeout>();
  /** Runs a timer's work in the call's order (the engine's events and turns); by default at once. */
  private inOrder: CallOrder = (_callId, work) => work();

  constructor(o: {
    db: Db;
    chat: ChatEngine;
    bots: BotSource;
    speech: SpeechEngine | null;
    dialler: Dialler;
    /** Default: no engine (every utterance is logged as not understood). */
    recognizer?: SpeechRecognizer;
    log: (message: string, error?: unknown) => void;
  }) {
    this.recognizer = o.recognizer ?? NO_SPEECH_RECOGNITION;
    this.db = o.db;
    this.chat = o.chat;
    this.bots = o.bots;
    this.speech = o.speech;
    this.dialler = o.dialler;
    this.log = o.log;
  }

  /**
   * The order the engine runs each call's events in (CampaignEngine.inOrder): the long-silence and inter-digit timers
   * run their turns in it, so a digit arriving as a timer fires is not a second turn beside the timer's.
   */
  runInOrder(order: CallOrder): void {
    this.inOrder = order;
  }

  /**
   * The callee did something (a digit, speech), told as it arrives, before its turn waits for the call's order: a
   * long-silence timer that fired meanwhile no longer counts a silence (issue 38).
   */
  calleeActed(callId: number): void {
    this.disarmSilence(callId);
  }

  /**
   * Starts the conversation of a just-answered call (a dialler that plays audio itself: SIP): the @start reaction
   * speaks first (into the call). Without a recognizer the conversation logs say once that the call hears keys only.
   */
  async answered(call: { callId: number; projectId: number; env: 'dev' | 'prod'; providerCallId: string }) {
    const started = await this.open(call);
    if (this.recognizer === NO_SPEECH_RECOGNITION)
      await this.appendLog(started.conversation, NO_SPEECH_RECOGNIZER, 'info', { dialler: this.dialler.name });
    await this.perform(call, await this.turnOf(call, started.tracker, started.ended));
  }

  private async start(call: AnsweredCall): Promise<VoiceTurn> {
    const started = await this.open(call);
    return this.turnOf(call, started.tracker, started.ended);
  }

  /**
   * Starts the call's conversation (the @start reaction runs) and links it to the call: @start's entries, and the
   * call's conversation for what is appended to it.
   */
  private async open(call: AnsweredCall) {
    const caller = botCaller(call.projectId, call.env);
    const started = await this.chat.start(caller, undefined, true);
    const conversationId = started.conversation_id;
    await setConversationChannel(this.db, conversationId, 'voice');
    await linkConversation(this.db, {
      callId: call.callId,
      conversationId,
      conversationToken: started.conversation_token,
      providerCallId: call.providerCallId,
    });
    const conversation: CallConversation = { ...call, conversationId, token: started.conversation_token };
    return { tracker: started.tracker, ended: started.ended, conversation };
  }

  /**
   * A hosted gateway's call hook (webhookVoice) or its answering-machine webhook: the answered call's conversation
   * starts once and its @start turn is returned for the gateway's verbs. With the campaign's answering-machine choice
   * on, the gateway's detection decides first (`detection`; none yet from a gateway that reports it later: wait for
   * it). A repeated hook (the gateway retried) finds the conversation and gets the turn now awaited again, nothing
   * appended; a call that is not answered (ended meanwhile) gets null.
   */
  async answeredByWebhook(callId: number, detection: MachineDetection | null): Promise<VoiceTurn | null> {
    const row = await this.callRow(callId);
    if (row?.status !== 'answered') return null;
    const call = answeredCallOf(callId, row);
    if (row.answering_machine !== 'off') {
      if (detection) return (await this.detected(call, row, detection)) ?? (await this.awaitedTurn(callId));
      if (!row.answered_by && !row.conversation_id && this.detectsLater)
        return { ...NOTHING, awaitDetectionSeconds: DETECTION_WAIT_SECONDS };
    }
    return row.conversation_id ? this.awaitedTurn(callId) : this.start(call);
  }

  /**
   * The answering-machine webhook of a gateway that reports its detection after the call hook (jambonz): the turn
   * its verdict leads to, or null when the call goes on as it is (a later or repeated event, detection off).
   */
  async detectedByWebhook(callId: number, detection: MachineDetection): Promise<VoiceTurn | null> {
    const row = await this.callRow(callId);
    if (row?.status !== 'answered' || row.answering_machine === 'off') return null;
    const call = answeredCallOf(callId, row);
    return this.detected(call, row, detection);
  }

  /** Whether the gateway's detection reports after its call hook, on a webhook of its own (jambonz). */
  private get detectsLater(): boolean {
    return !!this.dialler.webhookVoice?.detectionLater;
  }

  /**
   * The gateway's answering-machine verdict (issue 38). A person (or no verdict): the normal first turn, once; a later
   * event changes nothing (jambonz's beep detector may hear a key press), and after a machine a person's does not. A machine: the campaign hangs up (no
   * conversation: nothing was said), or leaves the start reaction's utterances as a message once its greeting is over
   * (a gateway that reports the greeting's end later is waited for); a fax is hung up on. The call ends "machine".
   * Null: nothing changes.
   */
  private async detected(
    call: AnsweredCall,
    row: { answered_by: 'human' | 'machine' | null; answering_machine: string; conversation_id: number | null },
    detection: MachineDetection,
  ): Promise<VoiceTurn | null> {
    if (row.answered_by === 'human') return null;
    // The first verdict stands: after a machine, any event is about that machine (no verdict: its greeting is over).
    const machine = row.answered_by === 'machine' || (detection !== 'human' && detection !== 'undecided');
    if (!machine) {
      await setAnsweredBy(this.db, call.callId, 'human');
      return row.conversation_id ? null : this.start(call);
    }
    await setAnsweredBy(this.db, call.callId, 'machine');
    // The message is being left already.
    if (row.conversation_id) return null;
    if (row.answering_machine !== 'message' || detection === 'fax') return { ...NOTHING, hangUp: true };
    if (detection === 'machine' && this.detectsLater)
      return { ...NOTHING, awaitDetectionSeconds: GREETING_WAIT_SECONDS };
    return this.leaveMessage(call);
  }

  /**
   * The message an answering machine gets: the @start reaction's utterances (not its buttons' menu: a recording cannot
   * press keys), then the hang-up. Its conversation logs why and ends with the call.
   */
  private async leaveMessage(call: AnsweredCall): Promise<VoiceTurn> {
    const started = await this.open(call);
    const utterances = started.tracker.flatMap((e) =>
      e.type === 'utter' && e.args.who !== 'user' && e.value ? [{ text: e.value as string, ts: e.timestamp }] : [],
    );
    await this.appendLog(started.conversation, MACHINE_MESSAGE, 'info', { utterances: utterances.length });
    return { utterances, transferTo: null, hangUp: true };
  }

  /**
   * A gateway's gather action hook: the digits (one, or a whole collection the gateway gathered) or the recognised
   * speech are the callee's message, a button's number or spoken title chooses that button; its turn is returned
   * (null: no call). Nothing: the gather timed out (silence). Speech with no usable transcript (none, or below
   * MIN_SPEECH_CONFIDENCE) is logged as not understood and re-prompts as a silence does. `turn`: the mark of the turn
   * the gather answers; a repeated post (the gateway retried) for a turn the conversation has moved past runs nothing
   * and gets the turn now awaited again.
   */
  async gatheredByWebhook(callId: number, input: GatheredInput, turn: number | null): Promise<VoiceTurn | null> {
    const call = await this.conversationOf(callId);
    if (!call) return null;
    const conversation = await this.conversationState(call);
    const tracker = conversation.tracker;
    if (turn !== null && turn !== markOf(tracker)) return this.replay(call, tracker, conversation.state.ended);
    const awaited = awaitedAnswer(tracker);
    if (input.kind === 'nothing') return this.reprompt(call, tracker, awaited, null);
    if (input.kind === 'speech') {
      const transcript = input.transcript.trim();
      const low = input.confidence !== null && input.confidence < MIN_SPEECH_CONFIDENCE;
      if (!transcript || low) return this.reprompt(call, tracker, awaited, input);
      return this.turn(call, this.spoken(awaited.buttons, transcript, input.confidence));
    }
    const { digits } = input;
    if (!awaited.collect) return this.turn(call, keyed(this.chosen(awaited.buttons, digits)));
    // The finish key ends the answer and is not part of it (should a gateway report it).
    const key = awaited.collect.finishOnKey;
    const answer = key && digits.endsWith(key) ? digits.slice(0, -1) : digits;
    return answer ? this.turn(call, keyed(answer)) : this.reprompt(call, tracker, awaited, null);
  }

  /**
   * A recognised answer as the callee's message: a pending button's title (said in any case, without punctuation)
   * or number (a digit or its word, "option two": spoken-number.ts) chooses that button (its payload, as a click sends); anything else is the transcript as said.
   */
  private spoken(
    buttons: { title: string; payload: string }[],
    transcript: string,
    confidence: number | null,
  ): CalleeMessage {
    const said = spokenForm(transcript);
    const button = buttons.find((b) => spokenForm(b.title) === said);
    const number = spokenButtonNumber(said);
    const numbered = number ? buttons[Number(number) - 1] : undefined;
    const text = button ? button.payload : numbered ? numbered.payload : transcript;
    return {
      text,
      args: { input: 'speech', speech_confidence: confidence, ...(text === transcript ? {} : { transcript }) },
    };
  }

  /**
   * A gather that heard nothing, or speech that was not understood (the project's long-silence settings): the bot says
   * the long-silence utterance and waits again for the same answer, up to `retries` times in a row; the next one says
   * the hang-up utterance and hangs up. Each is a log entry of the conversation (the count since the callee last
   * spoke): a long silence, or speech not understood with what the recognizer made of it.
   */
  private async reprompt(
    call: CallConversation,
    tracker: TrackerEntry[],
    awaited: ReturnType<typeof awaitedAnswer>,
    unclear: UnclearSpeech | null,
  ): Promise<VoiceTurn> {
    const settings = await this.callSettings(call.projectId);
    const lastUser = tracker.findLastIndex((e) => e.type === 'utter' && e.args.who === 'user');
    const silences = tracker.slice(lastUser + 1).filter(isReprompt).length;
    const hangUp = silences >= settings.retries;
    const text = hangUp ? settings.hangupUtter : settings.utter;
    const caller = botCaller(call.projectId, call.env);
    let ts = 0;
    // The turn's mark: its last entry (the utterance, or the log alone when there is no utterance to say).
    let mark = 0;
    await this.chat.append(
      caller,
      call.conversationId,
      call.token,
      (c) => {
        const clock = new TrackerClock(c.lastTs);
        const count = { silence: silences + 1, retries: settings.retries, hang_up: hangUp };
        const log = {
          type: 'log' as const,
          value: unclear ? SPEECH_NOT_UNDERSTOOD : LONG_SILENCE,
          args: unclear
            ? {
                recognizer: this.dialler.name,
                transcript: unclear.transcript,
                confidence: unclear.confidence,
                ...(unclear.reason ? { reason: unclear.reason } : {}),
                ...count,
              }
            : count,
          timestamp: clock.next(),
          level: unclear ? LOG_LEVELS.warn : LOG_LEVELS.info,
        };
        ts = clock.next();
        const entries: TrackerEntry[] = text
          ? [log, { type: 'utter', value: text, args: { who: 'bot' }, timestamp: ts }]
          : [log];
        mark = entries.at(-1)!.timestamp;
        return entries;
      },
      0,
      false,
    );
    return {
      utterances: text ? [{ text, ts }] : [],
      transferTo: null,
      hangUp,
      collect: awaited.collect,
      silenceSeconds: settings.timeoutSeconds,
      listen: hangUp ? null : await this.listening(call, awaited, settings.sttProvider),
      mark,
    };
  }

  /**
   * What the next gather listens for besides keys: speech in the bot's language with the project's recognizer, the
   * pending buttons' titles as hints. Not on SIP (no recognizer: NO_SPEECH_RECOGNIZER), nor while digits are collected:
   * a PIN or an amount is keyed (a recognizer's "one two three four" or "twelve thirty-four" is not the digits asked
   * for, and a PIN should not go to a cloud recognizer and its transcript).
   */
  private async listening(
    call: { projectId: number; env: 'dev' | 'prod' },
    awaited: ReturnType<typeof awaitedAnswer>,
    provider: SttProvider,
  ): Promise<SpeechListening | null> {
    if (!this.dialler.webhookVoice || awaited.collect) return null;
    const bot = await this.bots.load(call.projectId, call.env);
    return { provider, language: speechLanguageTag(bot.language), hints: awaited.buttons.map((b) => b.title) };
  }

  /** Whether the bot's last word in the call was the long-silence hang-up (the callee never spoke after it). */
  async hungUpForSilence(callId: number): Promise<boolean> {
    const row = await this.callRow(callId);
    if (!row?.conversation_id || !row.conversation_token) return false;
    const caller = botCaller(row.project_id, row.project_env);
    const { tracker } = await this.chat.conversation(caller, row.conversation_id, row.conversation_token);
    const last = tracker.findLast((e) => (e.type === 'utter' && e.args.who === 'user') || isReprompt(e));
    return last?.type === 'log' && last.args.hang_up === true;
  }

  /** The project's call settings, read as the Settings screen reads them (its defaults for what is not stored). */
  private async callSettings(projectId: number): Promise<CallSettings> {
    const settings = await readSettings(this.db, projectId);
    return {
      utter: settings.long_silence_utter,
      timeoutSeconds: Math.max(1, settings.long_silence_timeout),
      retries: Math.max(0, settings.long_silence_retries),
      hangupUtter: settings.long_silence_hangup_utter,
      sttProvider: settings.stt_provider,
    };
  }

  /** A pressed button number is that button's payload (as a click in the chat window sends); other digits as they are. */
  private chosen(buttons: { title: string; payload: string }[], digits: string): string {
    return /^[1-9]$/.test(digits) ? (buttons[Number(digits) - 1]?.payload ?? digits) : digits;
  }

  private async trackerOf(call: CallConversation): Promise<TrackerEntry[]> {
    return (await this.conversationState(call)).tracker;
  }

  private conversationState(call: CallConversation) {
    const caller = botCaller(call.projectId, call.env);
    return this.chat.conversation(caller, call.conversationId, call.token);
  }

  /** The answered call's turn now awaited, as given before (a repeated call hook); none yet: nothing. */
  private async awaitedTurn(callId: number): Promise<VoiceTurn> {
    const call = await this.conversationOf(callId);
    if (!call) return NOTHING;
    const conversation = await this.conversationState(call);
    return this.replay(call, conversation.tracker, conversation.state.ended);
  }

  /**
   * The bot's last turn again, from the stored conversation and nothing appended: its entries since the callee last
   * spoke or the last re-prompt (the same prompts, gather and mark as when it was given). A message left on an
   * answering machine is not left again: nothing.
   */
  private async replay(call: CallConversation, tracker: TrackerEntry[], ended: boolean): Promise<VoiceTurn> {
    if (tracker.some((e) => e.type === 'log' && e.value === MACHINE_MESSAGE)) return NOTHING;
    const from = tracker.findLastIndex((e) => (e.type === 'utter' && e.args.who === 'user') || isReprompt(e));
    const turn = await this.turnOf(call, tracker.slice(Math.max(from, 0)), ended, tracker);
    // The mark as first given: the conversation's last entry (a re-prompt's utterance, or its log when it says nothing).
    return { ...turn, mark: markOf(tracker) };
  }

  /**
   * The audio route: the bot's utterance at tracker timestamp `ts` of the call's conversation, spoken by the speech
   * engine in the project's voice, pitch and speed (its settings as they are now) as an 8 kHz 16-bit WAV; null when
   * the conversation has no such utterance (or no speech engine).
   */
  async utteranceAudio(callId: number, ts: number): Promise<Buffer | null> {
    const row = await this.callRow(callId);
    if (!row?.conversation_id || !row.conversation_token || !this.speech) return null;
    const caller = botCaller(row.project_id, row.project_env);
    const conversation = await this.chat.conversation(caller, row.conversation_id, row.conversation_token);
    const entry = conversation.tracker.find((e) => e.timestamp === ts && spokenText(e));
    const text = entry ? spokenText(entry) : null;
    if (!text) return null;
    const wav = await this.speech.synthesize(text, await this.speechOf(row.project_id, row.project_env));
    return toTelephoneWav(wav, 0).wav;
  }

  private callRow(callId: number) {
    return this.db
      .selectFrom('outbound_calls as c')
      .innerJoin('outbound_campaigns as k', 'k.id', 'c.campaign_id')
      .select([
        'c.status',
        'k.project_id',
        'k.project_env',
        'k.answering_machine',
        'c.provider_call_id',
        'c.conversation_id',
        'c.conversation_token',
        'c.answered_by',
      ])
      .where('c.id', '=', callId)
      .executeTakeFirst();
  }

  /**
   * A digit the callee pressed (SIP: one event per digit): the runtime gets it as the user's message ("press 1 to
   * confirm"), a button's number as that button's payload. When the bot collects digits (collect_digits) they are
   * kept until the finish key, the most digits, or a pause longer than the inter-digit timeout, then sent as one.
   */
  async dtmf(callId: number, digit: string): Promise<void> {
    this.disarmSilence(callId);
    const call = await this.conversationOf(callId);
    if (!call) return;
    let open = this.keyed.get(callId);
    if (!open) {
      const awaited = awaitedAnswer(await this.trackerOf(call));
      if (!awaited.collect) return this.says(call, keyed(this.chosen(awaited.buttons, digit)));
      open = { digits: '', collect: awaited.collect, timer: null };
      this.keyed.set(callId, open);
    }
    if (open.timer) clearTimeout(open.timer);
    const finished = digit === open.collect.finishOnKey;
    if (!finished) open.digits += digit;
    if (finished || (open.collect.max !== null && open.digits.length >= open.collect.max))
      return this.keyedAnswer(call);
    const timer = setTimeout(
      () =>
        void this.inOrder(callId, () => this.keyedAnswer(call, timer)).catch((error) =>
          this.log(`Call ${callId}: keyed digits failed`, error),
        ),
      open.collect.interDigitSeconds * 1000,
    );
    open.timer = timer;
    timer.unref();
  }

  /**
   * The digits keyed so far are the callee's one message (none: the finish key alone says nothing). `timer`: the
   * inter-digit pause that ended them, which a digit keyed since it fired has replaced (then nothing is sent yet).
   */
  private async keyedAnswer(call: CallConversation, timer?: NodeJS.Timeout): Promise<void> {
    const open = this.keyed.get(call.callId);
    if (!open || (timer && open.timer !== timer)) return;
    this.keyed.delete(call.callId);
    if (open.timer) clearTimeout(open.timer);
    if (open.digits) await this.says(call, keyed(open.digits));
    else this.armSilence(call.callId, (await this.callSettings(call.projectId)).timeoutSeconds);
  }

  /**
   * A SIP call's long-silence timer (gateways time their gathers themselves): armed once the bot's prompt has been
   * played and it waits for the callee; whatever the callee does disarms it; when it fires, the silence turn runs
   * (the long-silence utterance and a new timer, or after the retries the hang-up utterance and the hang-up). The
   * turn waits for the call's order and runs only if the timer is still the one armed (nothing arrived since).
   */
  private armSilence(callId: number, seconds: number) {
    this.disarmSilence(callId);
    const timer = setTimeout(() => {
      void this.inOrder(callId, () => this.silentCallee(callId, timer)).catch((error) =>
        this.log(`Call ${callId}: the long-silence turn failed`, error),
      );
    }, seconds * 1000);
    timer.unref();
    this.silenceTimers.set(callId, timer);
  }

  private disarmSilence(callId: number) {
    clearTimeout(this.silenceTimers.get(callId));
    this.silenceTimers.delete(callId);
  }

  private async silentCallee(callId: number, timer: NodeJS.Timeout): Promise<void> {
    // A digit, speech or the call's end since the timer was armed disarmed it (or armed another): not silent.
    if (this.silenceTimers.get(callId) !== timer) return;
    this.silenceTimers.delete(callId);
    if (this.keyed.has(callId)) return;
    const call = await this.conversationOf(callId);
    if (!call) return;
    const tracker = await this.trackerOf(call);
    await this.perform(call, await this.reprompt(call, tracker, awaitedAnswer(tracker), null));
  }

  /** The callee's message (a digit, recognised speech) runs a turn; the bot's answer is spoken into the call. */
  private async says(call: CallConversation, message: CalleeMessage): Promise<void> {
    await this.perform(call, await this.turn(call, message));
  }

  /** Appends one log entry to a call's conversation (outside a turn). */
  private async appendLog(call: CallConversation, value: string, level: LogLevelName, args: Record<string, unknown>) {
    const caller = botCaller(call.projectId, call.env);
    await this.chat.append(
      caller,
      call.conversationId,
      call.token,
      (c) => [{ type: 'log', value, args, timestamp: new TrackerClock(c.lastTs).next(), level: LOG_LEVELS[level] }],
      0,
      false,
    );
  }

  /**
   * One utterance the callee spoke: recognised text is the user's message; nothing understood (or no engine) is a
   * log entry in the conversation, so the logs show that the callee said something the bot did not get.
   */
  async heard(callId: number, audio: Buffer): Promise<void> {
    this.disarmSilence(callId);
    const call = await this.conversationOf(callId);
    if (!call) return;
    const bot = await this.bots.load(call.projectId, call.env);
    const recognition = await this.recognizer.recognize(audio, { language: bot.language }).catch((error) => {
      this.log(`Call ${callId}: speech recognition failed`, error);
      return null;
    });
    const text = recognition?.text.trim();
    if (recognition && text)
      return this.says(call, { text, args: { input: 'speech', speech_confidence: recognition.confidence } });
    await this.appendLog(call, SPEECH_NOT_UNDERSTOOD, 'warn', {
      recognizer: this.recognizer.name,
      audio_bytes: audio.length,
    });
    // Not understood is not an answer: the bot waits again.
    this.armSilence(callId, (await this.callSettings(call.projectId)).timeoutSeconds);
  }

  /**
   * The call ended (the callee hung up, the bot's hang-up went through, the line dropped): its conversation ends too,
   * with a log entry saying how, so it is not left open for ever.
   */
  async callEnded(callId: number, reason: CallEndReason, code: string | null): Promise<void> {
    this.disarmSilence(callId);
    const open = this.keyed.get(callId);
    if (open?.timer) clearTimeout(open.timer);
    this.keyed.delete(callId);
    const row = await this.callRow(callId);
    if (!row?.conversation_id || !row.conversation_token) return;
    const caller = botCaller(row.project_id, row.project_env);
    await this.chat.end(caller, row.conversation_id, row.conversation_token, (c) => [
      {
        type: 'log',
        value: CALL_ENDED,
        args: { reason, code },
        timestamp: new TrackerClock(c.lastTs).next(),
        level: LOG_LEVELS.info,
      },
    ]);
  }

  /**
   * The callee's message runs a turn of the chat runtime (the NLU classifies its text); its utterance entry records
   * how it was given. What the bot does is returned.
   */
  private async turn(call: CallConversation, message: CalleeMessage): Promise<VoiceTurn> {
    const caller = botCaller(call.projectId, call.env);
    const before = await this.db
      .selectFrom('conversations')
      .select('last_ts')
      .where('id', '=', call.conversationId)
      .executeTakeFirstOrThrow();
    const answer = await this.chat.send(
      caller,
      call.conversationId,
      call.token,
      { kind: 'message', text: message.text, args: message.args },
      Number(before.last_ts),
      true,
    );
    return this.turnOf(call, answer.tracker, answer.ended);
  }

  private async conversationOf(callId: number): Promise<CallConversation | null> {
    const row = await this.callRow(callId);
    if (row?.status !== 'answered' || !row.conversation_id || !row.conversation_token) return null;
    return { ...answeredCallOf(callId, row), conversationId: row.conversation_id, token: row.conversation_token };
  }

  /** What the bot did in a turn: its utterances, and whether the call is transferred (where) or ends. */
  private async turnOf(
    call: { callId: number; projectId: number; env: 'dev' | 'prod' },
    entries: TrackerEntry[],
    ended: boolean,
    /** What the answer awaited is read from (awaitedAnswer): the turn's entries, or the whole conversation. */
    context: readonly TrackerEntry[] = entries,
  ): Promise<VoiceTurn> {
    const utterances = entries.flatMap((e) => {
      const text = spokenText(e);
      return text ? [{ text, ts: e.timestamp }] : [];
    });
    const transfer = entries.find((e) => e.type === 'action' && e.value === 'call_transfer');
    const transferTo = transfer ? await this.numberOfProject(Number(transfer.args.project_id), call.env) : null;
    if (transfer && !transferTo) {
      this.log(`Call ${call.callId}: project ${transfer.args.project_id} has no SIP number to transfer to; hanging up`);
    }
    const hangUp =
      ended ||
      !!transfer ||
      entries.some(
        (e) => (e.type === 'action' && e.value === 'call_end') || (isReprompt(e) && e.args.hang_up === true),
      );
    const awaited = awaitedAnswer(context);
    if (hangUp) return { utterances, transferTo, hangUp, collect: awaited.collect };
    const settings = await this.callSettings(call.projectId);
    const listen = await this.listening(call, awaited, settings.sttProvider);
    return {
      utterances,
      transferTo,
      hangUp,
      collect: awaited.collect,
      silenceSeconds: settings.timeoutSeconds,
      listen,
      mark: markOf(entries),
    };
  }

  /** How the project's bot speaks: its language (of the bot in that environment) and its voice settings. */
  private async speechOf(projectId: number, env: 'dev' | 'prod'): Promise<SpeechOptions> {
    const [bot, voice] = await Promise.all([this.bots.load(projectId, env), readSpeechSettings(this.db, projectId)]);
    return { language: bot.language, ...voice };
  }

  /** Speaks a turn's utterances into the call, then transfers or hangs up when the turn said so. */
  private async perform(call: AnsweredCall, turn: VoiceTurn) {
    const providerCallId = call.providerCallId;
    if (!providerCallId) return;
    if (turn.utterances.length && this.speech) {
      // The settings are read once a turn: every utterance of it sounds the same.
      const speech = await this.speechOf(call.projectId, call.env);
      for (const u of turn.utterances) await this.say(providerCallId, u.text, speech);
    }
    if (turn.transferTo) {
      if (await this.dialler.transfer(providerCallId, turn.transferTo)) return;
      this.log(`Call ${call.callId}: cannot transfer to ${turn.transferTo}; hanging up`);
    }
    if (turn.hangUp) await this.dialler.hangup(providerCallId, 'answered');
    else if (!turn.transferTo && turn.silenceSeconds) this.armSilence(call.callId, turn.silenceSeconds);
  }

  private async say(providerCallId: string, text: string, options: SpeechOptions) {
    if (!this.speech) return;
    try {
      const wav = await this.speech.synthesize(text, options);
      await this.dialler.play(providerCallId, wav);
    } catch (error) {
      this.log('Speech failed on an outbound call', error);
    }
  }

  /** A transfer goes to the target project's SIP number of the same environment. */
  private async numberOfProject(projectId: number, env: 'dev' | 'prod'): Promise<string | null> {
    if (!Number.isInteger(projectId) || projectId <= 0) return null;
    const row = await this.db
      .selectFrom('project_settings')
      .select('data')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    const number = row?.data?.[`sip_number_${env}`];
    return typeof number === 'string' && number !== '' ? number : null;
  }
}
