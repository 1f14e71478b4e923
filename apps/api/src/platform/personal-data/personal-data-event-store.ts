import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
} from '../event-store/event-store.port';
import { cleanText } from '../event-store/event-text';
import { openPayload, SEALED_FIELD, sealTexts, type SealedFieldRef } from './personal-data-cipher';
import type { PersonalDataKeyring, SubjectKey } from './personal-data-keyring';
import type { PersonalDataRegistry } from './personal-fields';
import { replaceAt } from './personal-fields';

/** Characters of one personal field at most, as of any string of an event (it is cut before it is sealed). */
const MAX_FIELD_LENGTH = 1_048_576;

/**
 * The event store with personal data encrypted (crypto-shredding), in front of either adapter: on append, the
 * fields an event type declares personal (PersonalDataRegistry) are sealed with their subject's key, one block per
 * subject and event (see personal-data-cipher.ts), and the ids of the keys are listed in the metadata
 * (`personalDataKeys`); on every read (streams, the global log), sealed fields are
 * opened, and those whose key was erased read "[erased]". Events stored in plain text read as they are.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly registry: PersonalDataRegistry,
    private readonly keyring: PersonalDataKeyring,
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, await this.seal(events), expectedVersion);
  }

  async readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]> {
    return this.open(await this.inner.readStream(streamId, fromVersion));
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const streams = await this.inner.readStreams(streamIds);
    const opened = await this.open([...streams.values()].flat());
    const byStream = new Map<string, StoredEvent[]>([...streams.keys()].map((id) => [id, []]));
    for (const event of opened) byStream.get(event.streamId)?.push(event);
    return byStream;
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  /** The global log as stored, personal fields sealed (for the erasure, which opens what it finds itself). */
  readAllSealed(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.inner.readAll(options);
  }

  /** The event types that may carry personal data. */
  personalDataTypes(): string[] {
    return this.registry.types();
  }

  onAppended(listener: () => void): () => void {
    return this.inner.onAppended(listener);
  }

  headPosition() {
    return this.inner.headPosition();
  }

  health() {
    return this.inner.health();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The events with their personal fields sealed (the keys of new subjects created in one statement). */
  async seal(events: NewEvent[]): Promise<NewEvent[]> {
    const groups = events.map((event) =>
      event.data !== null && typeof event.data === 'object' && !Array.isArray(event.data)
        ? this.registry.groupsOf(event.type, event.data)
        : [],
    );
    if (groups.every((list) => list.length === 0)) return events;
    const subjects = groups.flat().map((group) => ({
      teamId: group.teamId,
      subjectId: this.keyring.subjectId(group.teamId, group.address),
    }));
    const keys = await this.keyring.keysFor(subjects);
    let next = 0;
    return events.map((event, index) => {
      if (groups[index].length === 0) return event;
      let data: unknown = event.data;
      const texts = new Map<string, { key: SubjectKey; texts: string[] }>();
      for (const group of groups[index]) {
        const subject = subjects[next++];
        const key = keys.get(`${subject.teamId.toLowerCase()}|${subject.subjectId}`) as SubjectKey;
        const block = texts.get(key.id) ?? { key, texts: [] };
        texts.set(key.id, block);
        for (const path of group.paths)
          data = replaceAt(data, path.split('.'), (text): SealedFieldRef => {
            block.texts.push(cleanText(text, MAX_FIELD_LENGTH));
            return { $pd: key.id, i: block.texts.length - 1 };
          });
      }
      const sealed = Object.fromEntries([...texts].map(([id, block]) => [id, sealTexts(block.key.key, block.texts)]));
      return {
        ...event,
        data: { ...(data as Record<string, unknown>), [SEALED_FIELD]: sealed },
        metadata: { ...event.metadata, personalDataKeys: [...texts.keys()] },
      };
    });
  }

  /**
   * The events with their sealed fields opened. Only events that list keys in their metadata are parsed; `erased`
   * names keys to read as erased even if they still exist (the erasure deleting them has not committed yet).
   */
  async open(events: StoredEvent[], erased: ReadonlySet<string> = new Set()): Promise<StoredEvent[]> {
    const sealed: number[] = [];
    const ids = new Set<string>();
    for (let index = 0; index < events.length; index++) {
      const keyIds = events[index].metadata?.personalDataKeys;
      if (!keyIds || keyIds.length === 0 || events[index].data === null) continue;
      sealed.push(index);
      for (const id of keyIds) ids.add(id);
    }
    if (sealed.length === 0) return events;
    const keys = await this.keyring.keysById(ids);
    for (const id of erased) keys.delete(id);
    const opened = events.slice();
    for (const index of sealed) {
      const event = events[index];
      opened[index] = {
        eventId: event.eventId,
        type: event.type,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        position: event.position,
        recordedAt: event.recordedAt,
        metadata: event.metadata,
        data: openPayload(event.data, keys),
      };
    }
    return opened;
  }
}
