/**
 * Subscribers' checkpoints in `projection_checkpoints`: load, fence, write and move them (the moves of one turn of the
 * event loop batched in one statement), and the reactions' after-commit position.
 */
import type { EventEmitter } from 'node:events';
import type { DataSource, EntityManager } from 'typeorm';
import { START, comparePositions, type EventStore, type Position } from '../event-store/event-store.port';
import type { Loop, Subscriber } from './subscriber-loop';

/** One subscriber's checkpoint move from the position it read after to its batch's last event (positions as text). */
interface CheckpointMove {
  name: string;
  from_commit: string;
  from_prepare: string;
  to_commit: string;
  to_prepare: string;
  /** A reaction with nothing pending after the commit: its after-commit position moves too. */
  after_commit: boolean;
}

/** A checkpoint as stored: where its subscriber stands and, for a reaction, up to where afterCommit has run. */
export interface StoredCheckpoint {
  cursor: Position;
  afterCommitCursor: Position | undefined;
}

/** The checkpoint changed under us (a rebuild, or another leader): reload and go on. */
export class CheckpointMoved extends Error {}

export function parsePosition(
  commit: string | null | undefined,
  prepare: string | null | undefined,
): Position | undefined {
  if (commit == null || prepare == null) return undefined;
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

const SELECT_CHECKPOINT = `SELECT commit::text AS commit, prepare::text AS prepare,
  after_commit_commit::text AS ac_commit, after_commit_prepare::text AS ac_prepare
  FROM projection_checkpoints WHERE name = $1`;

export class Checkpoints {
  /** Checkpoint moves being gathered for one statement (see move). */
  private pendingMoves: { moves: CheckpointMove[]; moved: Promise<Set<string>> } | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    private readonly progress: EventEmitter,
  ) {}

  /** The subscriber's stored checkpoint (START when it has none); a reaction starting at the head gets its first. */
  async load(sub: Subscriber): Promise<StoredCheckpoint> {
    const rows: { commit: string; prepare: string; ac_commit: string | null; ac_prepare: string | null }[] =
      await this.dataSource.query(SELECT_CHECKPOINT, [sub.name]);
    if (rows.length === 0 && sub.kind === 'reaction' && sub.reaction.startAt === 'head') {
      await this.initHead(sub.name);
      return this.load(sub);
    }
    const row = rows[0];
    const cursor = parsePosition(row?.commit, row?.prepare) ?? START;
    return {
      cursor,
      afterCommitCursor:
        sub.kind === 'reaction' ? (parsePosition(row?.ac_commit, row?.ac_prepare) ?? cursor) : undefined,
    };
  }

  /** Every stored checkpoint, by subscriber name. */
  async all(): Promise<Map<string, Position>> {
    const checkpoints: { name: string; commit: string; prepare: string }[] = await this.dataSource.query(
      'SELECT name, commit::text AS commit, prepare::text AS prepare FROM projection_checkpoints',
    );
    return new Map(checkpoints.map((row) => [row.name, parsePosition(row.commit, row.prepare) ?? START]));
  }

  /** A reaction added to a running system acts on new events only: its first checkpoint is the head. */
  async initHead(name: string): Promise<void> {
    const head = await this.eventStore.headPosition();
    await this.dataSource.query(
      `INSERT INTO projection_checkpoints (name, commit, prepare, after_commit_commit, after_commit_prepare)
       VALUES ($1, $2, $3, $2, $3) ON CONFLICT (name) DO NOTHING`,
      [name, head.commit.toString(), head.prepare.toString()],
    );
  }

  async fence(tx: EntityManager, loop: Loop, expected: Position): Promise<void> {
    const [row]: { commit: string | null; prepare: string | null }[] = await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) AS locked,
        (SELECT commit::text FROM projection_checkpoints WHERE name = $2) AS commit,
        (SELECT prepare::text FROM projection_checkpoints WHERE name = $2) AS prepare`,
      [`projection-batch:${loop.sub.name}`, loop.sub.name],
    );
    const stored = parsePosition(row.commit, row.prepare) ?? START;
    if (comparePositions(stored, expected) !== 0) throw new CheckpointMoved(`checkpoint of ${loop.sub.name} moved`);
  }

  /**
   * Moves a stored checkpoint from `from` to `to` in one statement; for a reaction with nothing pending after the
   * commit, the after-commit position too. A checkpoint that is no longer at `from` (a rebuild reset it, another
   * leader moved it) is left alone and raises CheckpointMoved, as the fence does; a rebuild holding the row waits for
   * nothing longer than this statement.
   */
  async move(loop: Loop, from: Position, to: Position, pendingAfterCommit: boolean): Promise<void> {
    let moves = this.pendingMoves;
    if (!moves) {
      const gathered: CheckpointMove[] = [];
      moves = this.pendingMoves = {
        moves: gathered,
        moved: new Promise<Set<string>>((resolve, reject) => {
          setImmediate(() => {
            this.pendingMoves = undefined;
            Promise.resolve()
              .then(() => this.moveAll(gathered))
              .then(resolve, reject);
          });
        }),
      };
    }
    moves.moves.push({
      name: loop.sub.name,
      from_commit: from.commit.toString(),
      from_prepare: from.prepare.toString(),
      to_commit: to.commit.toString(),
      to_prepare: to.prepare.toString(),
      after_commit: loop.sub.kind === 'reaction' && !pendingAfterCommit,
    });
    const moved = await moves.moved;
    if (!moved.has(loop.sub.name)) throw new CheckpointMoved(`checkpoint of ${loop.sub.name} moved`);
  }

  /**
   * The checkpoint moves gathered in one turn of the event loop, in one statement (one commit for the subscribers
   * that one append woke). Each row moves only from the position its subscriber read from; returns the names moved.
   */
  private async moveAll(moves: CheckpointMove[]): Promise<Set<string>> {
    const rows: { name: string }[] = await this.dataSource.query(
      `WITH moved AS (
         UPDATE projection_checkpoints c SET commit = m.to_commit, prepare = m.to_prepare,
                after_commit_commit = CASE WHEN m.after_commit THEN m.to_commit ELSE c.after_commit_commit END,
                after_commit_prepare = CASE WHEN m.after_commit THEN m.to_prepare ELSE c.after_commit_prepare END,
                updated_at = now()
           FROM json_to_recordset($1::json) AS m(name text, from_commit numeric, from_prepare numeric,
                                                 to_commit numeric, to_prepare numeric, after_commit boolean)
          WHERE c.name = m.name AND c.commit = m.from_commit AND c.prepare = m.from_prepare
         RETURNING c.name)
       SELECT name FROM moved`,
      [JSON.stringify(moves)],
    );
    return new Set(rows.map((row) => row.name));
  }

  async write(tx: EntityManager, loop: Loop, position: Position, pending: boolean): Promise<void> {
    const isReaction = loop.sub.kind === 'reaction';
    const params = [loop.sub.name, position.commit.toString(), position.prepare.toString()];
    if (!isReaction || pending) {
      await tx.query(
        `INSERT INTO projection_checkpoints (name, commit, prepare, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET commit = EXCLUDED.commit, prepare = EXCLUDED.prepare, updated_at = now()`,
        params,
      );
    } else {
      await tx.query(
        `INSERT INTO projection_checkpoints (name, commit, prepare, after_commit_commit, after_commit_prepare, updated_at)
         VALUES ($1, $2, $3, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET commit = EXCLUDED.commit, prepare = EXCLUDED.prepare,
           after_commit_commit = EXCLUDED.commit, after_commit_prepare = EXCLUDED.prepare, updated_at = now()`,
        params,
      );
    }
  }

  async writeAfterCommit(loop: Loop, position: Position): Promise<void> {
    await this.dataSource.query(
      `UPDATE projection_checkpoints SET after_commit_commit = $2, after_commit_prepare = $3 WHERE name = $1`,
      [loop.sub.name, position.commit.toString(), position.prepare.toString()],
    );
    loop.afterCommitCursor = position;
    this.progress.emit('progress');
  }
}
