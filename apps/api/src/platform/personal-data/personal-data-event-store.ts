import {
  type AppendResult,
  comparePositions,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
} from '../event-store/event-store.port';
import { LRUCache } from 'lru-cache';
import { cleanText } from '../event-store/event-text';
import { type KnownBlock, openPayload, SEALED_FIELD, sealTexts, type SealedFieldRef } from './personal-data-cipher';
import { type IndexedEvent, PersonalDataIndex } from './personal-data-index';
import type { PersonalDataKeyring, SubjectKey } from './personal-data-keyring';
import type { PersonalDataRegistry } from './personal-fields';
import { replaceAt } from './personal-fields';

/** Characters of one personal field at most, as of any string of an event (it is cut before it is sealed). */
const MAX_FIELD_LENGTH = 1_048_576;

/**
 * Events kept in memory at most (opened, and sealed here but not yet read), and their characters at most, per cache;
 * the least recently used entries are dropped first.
 */
const CACHE_EVENTS = 5_000;
const CACHE_CHARS = 24_000_000;

/** A cache by event id bounded in entries and in weight (characters); the least recently used leave first. */
class BoundedCache<V extends object> {
  private readonly entries = new LRUCache<string, V>({ max: CACHE_EVENTS, maxSize: CACHE_CHARS });

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** An entry heavier than the whole cache is not kept (and replaces nothing). */
  set(key: string, value: V, weight: number): void {
    this.entries.set(key, value, { size: Math.max(1, weight) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/**
 * The event store with personal data encrypted (crypto-shredding), in front of either adapter: on append, the
 * fields an event type declares personal (PersonalDataRegistry) are sealed with their subject's key, one block per
 * subject and event (see personal-data-cipher.ts), and the ids of the keys are listed in the metadata
 * (`personalDataKeys`); on every read (streams, the global log), sealed fields are
 * opened, and those whose key was erased read "[erased]". Events stored in plain text read as they are.
 *
 * Every subscriber of an event type reads the same events (projections, reactions, the CQRS bus): an event is opened
 * once and its opened copy, deeply frozen, is shared by the readers that follow, from a bounded cache by event id.
 * The first read of an event appended by this process does not even decipher it: the texts sealed on append are kept
 * (bounded, by event id) and used when the stored block is the one sealed here (same IV and tag) and its key still
 * exists. Any key forgotten by the keyring (an erasure here or by another replica, a lost listening connection)
 * drops both caches, and what was opened or sealed while a key was being forgotten is not kept.
 *
 * With an index (PersonalDataIndex), every append records which of its events hold fields sealed with which key, before
 * the events themselves, so that an erasure reads a subject's events without a scan of the log.
 */
export class PersonalDataEventStore implements EventStore {
  private readonly opened = new BoundedCache<StoredEvent>();
  private readonly appended = new BoundedCache<Map<string, KnownBlock>>();
  private cachedGeneration: number;

  constructor(
    private readonly inner: EventStore,
    private readonly registry: PersonalDataRegistry,
    private readonly keyring: PersonalDataKeyring,
    private readonly index?: PersonalDataIndex,
  ) {
    this.cachedGeneration = keyring.generation;
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const generation = this.keyring.generation;
    const known = new Map<string, { blocks: Map<string, KnownBlock>; chars: number }>();
    const sealed = await this.seal(events, known);
    if (this.index && known.size > 0)
      await this.index.record(PersonalDataIndex.usesOf(sealed.map((event) => ({ ...event, streamId }))));
    const result = await this.inner.appendToStream(streamId, sealed, expectedVersion);
    if (this.currentGeneration() === generation)
      for (const [eventId, { blocks, chars }] of known) this.appended.set(eventId, blocks, chars);
    return result;
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

  /** The global log as stored, personal fields sealed (to index a log written before the index existed). */
  readAllSealed(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.inner.readAll(options);
  }

  /**
   * These events (found in the index), read from their streams and opened with the keys `erased` taken as erased
   * (not cached), in log order; an indexed event that is not in its stream (its append failed) is left out.
   */
  async readIndexed(indexed: readonly IndexedEvent[], erased: ReadonlySet<string>): Promise<StoredEvent[]> {
    const wanted = new Set(indexed.map((event) => event.eventId));
    const streams = await this.inner.readStreams([...new Set(indexed.map((event) => event.streamId))]);
    const found = [...streams.values()]
      .flat()
      .filter((event) => wanted.has(event.eventId))
      .sort((a, b) => comparePositions(a.position, b.position));
    return this.open(found, erased);
  }

  /** The event types that may carry personal data. */
  personalDataTypes(): string[] {
    return this.registry.types();
  }

  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void {
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

  /**
   * The events with their personal fields sealed (the keys of new subjects created in one statement); `known`
   * receives, by event id, the texts of each block sealed and their characters.
   */
  async seal(
    events: NewEvent[],
    known?: Map<string, { blocks: Map<string, KnownBlock>; chars: number }>,
  ): Promise<NewEvent[]> {
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
      if (known) {
        const blocks = new Map<string, KnownBlock>();
        let chars = 0;
        for (const [id, block] of texts) {
          blocks.set(id, { iv: sealed[id].iv, tag: sealed[id].tag, texts: block.texts });
          for (const text of block.texts) chars += text.length;
        }
        known.set(event.eventId, { blocks, chars });
      }
      return {
        ...event,
        data: { ...(data as Record<string, unknown>), [SEALED_FIELD]: sealed },
        metadata: { ...event.metadata, personalDataKeys: [...texts.keys()] },
      };
    });
  }

  /**
   * The events with their sealed fields opened (deeply frozen: readers share them). Only events that list keys in
   * their metadata are parsed; `erased` names keys to read as erased even if they still exist (the erasure deleting
   * them has not committed yet): such a read neither uses nor fills the cache of opened events.
   */
  async open(events: StoredEvent[], erased: ReadonlySet<string> = new Set()): Promise<StoredEvent[]> {
    const cached = erased.size === 0;
    const generation = this.currentGeneration();
    const opened = events.slice();
    const sealed: number[] = [];
    const ids = new Set<string>();
    for (let index = 0; index < events.length; index++) {
      // Before the metadata and the payload are touched: an adapter may parse them on first access.
      const hit = cached ? this.opened.get(events[index].eventId) : undefined;
      if (hit) {
        opened[index] = hit;
        continue;
      }
      const keyIds = events[index].metadata?.personalDataKeys;
      if (!keyIds || keyIds.length === 0) continue;
      if (events[index].data === null) continue;
      sealed.push(index);
      for (const id of keyIds) ids.add(id);
    }
    if (sealed.length === 0) return opened;
    const keys = await this.keyring.keysById(ids);
    for (const id of erased) keys.delete(id);
    // Nothing opened is kept when a key was forgotten meanwhile: it may have been opened with an erased key.
    const keep = cached && this.currentGeneration() === generation;
    for (const index of sealed) {
      const event = events[index];
      const known = cached ? this.appended.get(event.eventId) : undefined;
      if (known) this.appended.delete(event.eventId);
      // The weight of the opened copy: its texts (sealed blocks may be compressed, much smaller).
      const weight = { chars: 0 };
      const open: StoredEvent = Object.freeze({
        eventId: event.eventId,
        type: event.type,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        position: deepFreeze(event.position),
        recordedAt: event.recordedAt,
        metadata: deepFreeze(event.metadata),
        data: deepFreeze(openPayload(event.data, keys, known, weight)),
      });
      opened[index] = open;
      if (keep) this.opened.set(open.eventId, open, weight.chars);
    }
    return opened;
  }

  /** The keyring's generation, both caches dropped first if a key was forgotten since they were filled. */
  private currentGeneration(): number {
    const generation = this.keyring.generation;
    if (generation !== this.cachedGeneration) {
      this.opened.clear();
      this.appended.clear();
      this.cachedGeneration = generation;
    }
    return generation;
  }
}
