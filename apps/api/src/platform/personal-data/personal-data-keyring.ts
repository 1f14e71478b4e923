import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { v7 as uuidv7 } from 'uuid';
import { SecretBox } from '../crypto/secret-box';
import { normaliseAddress } from './personal-fields';

/** Runs one SQL statement: a DataSource, an EntityManager or a pg client. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface SubjectRef {
  teamId: string;
  subjectId: string;
}

export interface SubjectKey {
  id: string;
  key: Buffer;
}

interface KeyRow {
  id: string;
  team_id: string;
  subject_id: string;
  sealed_key: string;
}

/** The channel on which a process announces deleted keys to every other process (see announceErased). */
export const ERASED_KEYS_CHANNEL = 'teaminbox_personal_data_erased';

/** Keys kept in memory at most (each side of the cache); the least recently used are dropped first. */
const CACHE_LIMIT = 50_000;

const refOf = (teamId: string, subjectId: string) => `${teamId.toLowerCase()}|${subjectId}`;

/**
 * The data subjects' keys, in the table `personal_data_key`: one random 256-bit key per (team, subject), sealed at
 * rest with the product's SECRETS_KEY (SecretBox, as the mailbox passwords). A subject is identified by an HMAC of
 * the team and the normalised address under SECRETS_KEY, so neither the table nor the log names the address.
 * Erasing a subject deletes its key row: what was sealed with it can no longer be read anywhere.
 *
 * Keys are cached in memory (both by subject, for appends, and by id, for reads); new subjects' keys are created
 * with one statement per batch.
 */
export class PersonalDataKeyring {
  private readonly box: SecretBox;
  private readonly hmacKey: Buffer;
  private readonly bySubject = new LRUCache<string, SubjectKey>({ max: CACHE_LIMIT });
  private readonly byId = new LRUCache<string, Buffer>({ max: CACHE_LIMIT });
  private readonly waiting: {
    subjects: Map<string, SubjectRef>;
    resolve(keys: Map<string, SubjectKey>): void;
    reject(error: unknown): void;
  }[] = [];
  private creating = false;
  private forgotten = 0;

  constructor(
    private readonly db: SqlRunner,
    secretsKey: string,
  ) {
    this.box = new SecretBox(secretsKey);
    this.hmacKey = createHmac('sha256', secretsKey).update('personal-data-subject').digest();
  }

  /** The subject id of an address within a team. */
  subjectId(teamId: string, address: string): string {
    return createHmac('sha256', this.hmacKey)
      .update(`${teamId.toLowerCase()}\n${normaliseAddress(address)}`)
      .digest('base64url');
  }

  /**
   * The keys of these subjects, created for those that have none yet. Creation is batched across callers: while one
   * statement runs, the subjects other appends ask for wait and go together in the next one (concurrent appends of a
   * first sync, one email each, then cost one statement per round, not one each). The first round starts once the
   * event loop's current turn is over, so the callers of that turn go in it together.
   */
  async keysFor(subjects: readonly SubjectRef[]): Promise<Map<string, SubjectKey>> {
    const found = new Map<string, SubjectKey>();
    const missing = new Map<string, SubjectRef>();
    for (const subject of subjects) {
      const ref = refOf(subject.teamId, subject.subjectId);
      const cached = this.bySubject.get(ref);
      if (cached) found.set(ref, cached);
      else missing.set(ref, subject);
    }
    if (missing.size === 0) return found;
    const created = await new Promise<Map<string, SubjectKey>>((resolve, reject) => {
      this.waiting.push({ subjects: missing, resolve, reject });
      if (!this.creating) {
        // The first round waits for the end of the event loop's current turn, so that the appends started together
        // (a batch of new mail) ask in one round and are then written together, not the first one alone.
        this.creating = true;
        setImmediate(() => void this.createWaiting());
      }
    });
    for (const ref of missing.keys()) {
      const key = created.get(ref);
      if (!key) throw new Error('A data subject key was not created');
      found.set(ref, key);
    }
    return found;
  }

  /** Creates the keys the waiting callers ask for, one statement per round, until none waits. */
  private async createWaiting(): Promise<void> {
    this.creating = true;
    try {
      while (this.waiting.length > 0) {
        const round = this.waiting.splice(0);
        const wanted = new Map<string, SubjectRef>();
        for (const request of round)
          for (const [ref, subject] of request.subjects) if (!this.bySubject.has(ref)) wanted.set(ref, subject);
        try {
          const created = wanted.size > 0 ? await this.create([...wanted.values()]) : new Map<string, SubjectKey>();
          for (const request of round) {
            const answer = new Map<string, SubjectKey>();
            for (const ref of request.subjects.keys()) {
              const key = created.get(ref) ?? this.bySubject.get(ref);
              if (key) answer.set(ref, key);
            }
            request.resolve(answer);
          }
        } catch (error) {
          for (const request of round) request.reject(error);
        }
      }
    } finally {
      this.creating = false;
    }
  }

  /** One statement: new keys inserted, existing ones (another process's, or older than the cache) read. */
  private async create(wanted: SubjectRef[]): Promise<Map<string, SubjectKey>> {
    const created = wanted.map(() => ({ id: uuidv7(), key: randomBytes(32) }));
    const rows = (await this.db.query(
      `WITH wanted AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS w(id, team_id, subject_id, sealed_key)
       ), inserted AS (
         INSERT INTO personal_data_key (id, team_id, subject_id, sealed_key)
         SELECT id, team_id, subject_id, sealed_key FROM wanted
         ON CONFLICT (team_id, subject_id) DO NOTHING
         RETURNING id, team_id, subject_id, sealed_key
       )
       SELECT id, team_id::text, subject_id, sealed_key FROM inserted
       UNION ALL
       SELECT k.id, k.team_id::text, k.subject_id, k.sealed_key FROM personal_data_key k
         JOIN wanted w ON w.team_id = k.team_id AND w.subject_id = k.subject_id`,
      [
        created.map((key) => key.id),
        wanted.map((subject) => subject.teamId),
        wanted.map((subject) => subject.subjectId),
        created.map((key) => this.box.seal(key.key.toString('base64'))),
      ],
    )) as KeyRow[];
    const result = new Map<string, SubjectKey>();
    for (const row of rows) {
      const ref = refOf(row.team_id, row.subject_id);
      if (result.has(ref)) continue;
      const entry = { id: row.id, key: this.open(row) };
      this.bySubject.set(ref, entry);
      this.byId.set(entry.id, entry.key);
      result.set(ref, entry);
    }
    return result;
  }

  /**
   * Counts the calls of forget and forgetAll: what was read with the keys before a change of this number may have
   * used a key erased since (caches of opened data compare it before they keep anything).
   */
  get generation(): number {
    return this.forgotten;
  }

  /** The keys with these ids that still exist (an erased subject's key is absent). */
  async keysById(ids: Iterable<string>): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.byId.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.forgotten;
    const rows = (await this.db.query(
      `SELECT id, team_id::text, subject_id, sealed_key FROM personal_data_key WHERE id = ANY($1::uuid[])`,
      [missing.filter((id) => UUID.test(id))],
    )) as KeyRow[];
    for (const row of rows) {
      const key = this.open(row);
      // A key forgotten while the statement ran (erased meanwhile) is not cached again.
      if (generation === this.forgotten) this.byId.set(row.id, key);
      found.set(row.id, key);
    }
    return found;
  }

  /** The ids of the subject's keys (none: the team keeps no personal data of it, or it was erased). */
  async keyIdsOf(subject: SubjectRef, db: SqlRunner = this.db): Promise<string[]> {
    const rows = (await db.query(
      `SELECT id FROM personal_data_key WHERE team_id = $1 AND subject_id = $2 ORDER BY id`,
      [subject.teamId, subject.subjectId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Deletes these keys of the subject (in the caller's transaction) and forgets them; returns the ids deleted (none
   * when they were deleted before).
   */
  async erase(subject: SubjectRef, keyIds: readonly string[], tx: SqlRunner): Promise<string[]> {
    const result = (await tx.query(
      `DELETE FROM personal_data_key WHERE team_id = $1 AND subject_id = $2 AND id = ANY($3::uuid[]) RETURNING id`,
      [subject.teamId, subject.subjectId, keyIds.filter((id) => UUID.test(id))],
    )) as unknown[];
    // TypeORM answers a DELETE ... RETURNING with [rows, count]; pg with the rows.
    const rows = (Array.isArray(result[0]) ? result[0] : result) as { id: string }[];
    const deleted = rows.map((row) => row.id);
    this.forget(subject, deleted);
    return deleted;
  }

  /** Drops a subject's keys from this process's cache. */
  forget(subject: SubjectRef, ids: readonly string[]): void {
    this.forgotten++;
    this.bySubject.delete(refOf(subject.teamId, subject.subjectId));
    for (const id of ids) this.byId.delete(id);
  }

  /** Drops every cached key (this process may have missed an erasure: the next reads ask the table). */
  forgetAll(): void {
    this.forgotten++;
    this.bySubject.clear();
    this.byId.clear();
  }

  /**
   * Tells every process on this database (the other replicas) that these keys are deleted, so that none keeps
   * reading with a cached copy: `ErasedKeysListener` drops them. Called after the deletion committed.
   */
  async announceErased(subject: SubjectRef, ids: readonly string[]): Promise<void> {
    let payload = JSON.stringify({ teamId: subject.teamId, subjectId: subject.subjectId, keyIds: ids });
    // NOTIFY carries under 8000 bytes: a subject with very many keys has every process drop its whole cache.
    if (Buffer.byteLength(payload) > 7000) payload = JSON.stringify({ all: true });
    await this.db.query('SELECT pg_notify($1, $2)', [ERASED_KEYS_CHANNEL, payload]);
  }

  private open(row: KeyRow): Buffer {
    return Buffer.from(this.box.open(row.sealed_key), 'base64');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
