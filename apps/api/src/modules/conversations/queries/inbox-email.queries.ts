import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type ConversationParticipant,
  type Email,
  EMAIL_PREVIEW_LENGTH,
  EMAIL_STATUSES,
  type ListView,
  MAX_LIST_DEPTH,
  type Page,
  PRIORITIES,
  type TListEmailsQuery,
} from '@teaminbox/contracts';
import { In, type Repository, type SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../../platform/event-sourcing';
import { EMAIL_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import {
  EMAIL_CHANGE_COLUMNS,
  type EmailChangeState,
  toEmailChangeState,
  toEmailDto,
} from '../projections/inbox-email/email.mapper';
import { ANY_LABEL, type InboxBox, NOBODY } from '../projections/inbox-email/inbox-email-count';
import { InboxEmailReadModel } from '../projections/inbox-email/inbox-email.read-model';

/** Not snoozed: a snoozed email is only in the snoozed folder (and the quick search) until it wakes. */
const notSnoozed = (a: string) => `${a}.snoozed_until IS NULL`;

/** Unread: nobody has read it (over an inbox_email alias). */
const unread = (a: string) => `${a}.read_at IS NULL AND ${a}.read_by IS NULL`;

/** The columns a list page reads: everything but the bodies (see list). */
const LIST_COLUMNS: (keyof InboxEmailReadModel)[] = [
  'id',
  'teamId',
  'subject',
  'fromName',
  'fromEmail',
  'to',
  'cc',
  'receivedAt',
  'readAt',
  'readBy',
  'isArchived',
  'isSpam',
  'priority',
  'status',
  'assignedTo',
  'labels',
  'attachments',
  'messageId',
  'snoozedUntil',
];

/**
 * Maps the spec's lower- or upper-case values (in_progress, IN_PROGRESS, in-progress) to ours; null for no filter
 * (absent, blank or 'all'). An unknown value is refused (400): ignoring it would list every email as if it matched.
 */
export function normalizeEnum<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: 'status' | 'priority',
): T | null {
  const wanted = value?.trim() ?? '';
  if (!wanted || wanted.toLowerCase() === 'all') return null;
  const upper = wanted.toUpperCase().replace(/-/g, '_') as T;
  if (!allowed.includes(upper)) {
    throw new DomainError('invalid', `Unknown ${field}: use one of ${allowed.join(', ')}`);
  }
  return upper;
}

/** Longest search text read; the rest is ignored. */
const MAX_SEARCH_CHARS = 200;

/**
 * The full-text condition of a search, in web search syntax (PostgreSQL's websearch_to_tsquery): every word must
 * match, "quoted words" as a phrase, `or` between alternatives, `-word` excludes. Every word matches as a prefix
 * ('invo' finds 'invoice'): the lexemes of websearch_to_tsquery's answer are marked `:*` and the result cast back
 * to tsquery, which takes the lexemes as they are (to_tsquery would parse them again and split 'follow-up' a second
 * time, so a hyphenated word never matched). The user's text goes only to websearch_to_tsquery, which accepts any input, so it cannot inject
 * tsquery syntax.
 */
const searchMatches = (a: string) => `${a}.search_vector @@ (regexp_replace(
  websearch_to_tsquery('simple', :search)::text, '''((?:[^'']|'''')+)''', '''\\1'':*', 'g'))::tsquery`;

/** The search text, or null when it has nothing to look for (words are made of letters and digits). */
export function searchableText(search: string): string | null {
  const text = search.trim().slice(0, MAX_SEARCH_CHARS);
  return /[\p{L}\p{N}]/u.test(text) ? text : null;
}

/**
 * A search counts its matches up to this many and reports at most this (`totalElements` = 1000 means "1000 or
 * more"); below it, the count is exact. The matches are counted in the list's order, so that the planner walks the
 * folder's index for a common word (stopping at the limit) and reads the full-text index for a rare one, as for
 * the page: an exact count of a common word would read the posting lists and a large part of the table.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * A conversation list counts its rows in list order up to this many beyond the end of the page asked for (and never
 * past MAX_LIST_DEPTH, the deepest a page may go): counting every conversation of a large folder would read all of
 * it, and each conversation counted costs a probe of its thread (a page of 20 with 1,000 ahead took 200 ms at 300,000
 * emails). Below the limit the count is exact; at it, there are more, and the count grows as the pages go deeper.
 */
export const CONVERSATION_COUNT_AHEAD = 100;

/**
 * A search in the conversation view first reads its matches from the full-text index, up to this many emails: when
 * there are no more, the walk for the page and its total goes over those rows only. Above it the walk goes down the
 * folder's index in the list's order and checks each row's match, which stops early for a common word. The planner
 * chose the ordered walk for a rare word too when it expected more matches than there were (customer1234, 536 emails
 * of 1,000,000 expected as 4,489: ~596,000 rows checked, 3.9 s); the matches first leave it nothing else to walk.
 */
export const SEARCH_FEW_MATCHES = 2000;

/** The participants a conversation row carries at most (the latest senders). */
export const MAX_CONVERSATION_PARTICIPANTS = 10;

/**
 * A conversation row is the conversation's latest email matching the list, in the list's order (listed_at: received,
 * or woken from a snooze later): no later email of its thread (email_thread, written by the email-thread projection)
 * matches the same conditions. An email the thread projection does not know
 * yet is a conversation of its own. Each candidate row of the folder's index costs one probe of its thread's few
 * emails (index email_thread_thread_idx), so a page reads about as many rows as in the email view.
 */
const latestOfConversation = (conditions: (alias: string) => string[]) => `NOT EXISTS (
  SELECT 1 FROM email_thread self
    JOIN email_thread later_t ON later_t.team_id = self.team_id AND later_t.thread_id = self.thread_id
    JOIN inbox_email later ON later.id = later_t.email_id AND later.team_id = later_t.team_id
   WHERE self.email_id = e.id AND self.team_id = e.team_id AND later_t.email_id <> e.id
     AND (later.listed_at, later.id) > (e.listed_at, e.id)
     AND ${conditions('later').join(' AND ')})`;

/** Which counter rows of `inbox_email_count` make up a folder (see the migration 1768100000000). */
const BOXES: Record<TListEmailsQuery['folder'] | 'everywhere', InboxBox[]> = {
  inbox: ['inbox'],
  unread: ['inbox'],
  archived: ['archived'],
  spam: ['spam'],
  'my-tasks': ['inbox', 'archived'],
  snoozed: ['snoozed'],
  everywhere: ['inbox', 'archived', 'snoozed'],
};

/**
 * Read side of the inbox: every query is scoped to one team. The list's order is `listed_at` (the time an email was
 * received, or woke from a snooze or a reminder when that is later: a woken email is on top), newest first. A page is read in the list's order from the folder's
 * partial index; its total comes from the projection's counters (folder x assignee x label x unread) when no other
 * filter applies, otherwise from counting the rows (a search: up to SEARCH_COUNT_LIMIT).
 */
@Injectable()
export class InboxEmailQueries {
  /** SEARCH_FEW_MATCHES, lowered by the specs that compare the two walks of a search. */
  fewSearchMatches = SEARCH_FEW_MATCHES;

  constructor(@InjectRepository(InboxEmailReadModel) private readonly emails: Repository<InboxEmailReadModel>) {}

  /**
   * `everywhere`: every folder but spam (the shell's quick search). `view` 'conversations': one row per conversation,
   * its latest email matching the list with the conversation's message count and participants.
   */
  async list(
    teamId: string,
    userId: string,
    query: TListEmailsQuery,
    everywhere = false,
    view: ListView = 'emails',
  ): Promise<Page<Email>> {
    const assignee = this.assigneeOf(query, userId);
    const status = normalizeEnum(query.status, EMAIL_STATUSES, 'status');
    const priority = normalizeEnum(query.priority, PRIORITIES, 'priority');
    const search = query.search?.trim();
    const text = search ? searchableText(search) : null;
    // Nothing searchable (only punctuation): nothing matches.
    if (search && !text) return { content: [], totalElements: 0, totalPages: 0 };
    const params = { teamId, userId, assignee, label: query.label, status, priority, search: text };
    /** The list's conditions over one inbox_email alias (the page's rows, or a later email of the same thread). */
    const conditions = (a: string): string[] => {
      const where = [`${a}.team_id = :teamId`, everywhere ? `${a}.is_spam = false` : this.folderSql(query.folder, a)];
      if (assignee === null) where.push(`${a}.assigned_to IS NULL`);
      else if (assignee) where.push(`${a}.assigned_to = :assignee`);
      if (query.label) where.push(`${a}.labels @> ARRAY[:label]::uuid[]`);
      if (query.unread) where.push(unread(a));
      if (status) where.push(`${a}.status = :status`);
      if (priority) where.push(`${a}.priority = :priority`);
      if (text) where.push(searchMatches(a));
      return where;
    };
    const builder = this.emails.createQueryBuilder('e');
    for (const condition of conditions('e')) builder.andWhere(condition);
    if (view === 'conversations') builder.andWhere(latestOfConversation(conditions));
    builder.setParameters(params);
    /** The page's columns in the list's order (a body's start only: lists carry a preview, never the text or HTML). */
    const pageOf = (rows: SelectQueryBuilder<InboxEmailReadModel>) =>
      rows
        .select(LIST_COLUMNS.map((column) => `e.${column}`))
        .addSelect(`left(e.body_text, ${EMAIL_PREVIEW_LENGTH})`, 'preview')
        .orderBy('e.listedAt', 'DESC')
        .addOrderBy('e.id', 'DESC');
    let rows: { entities: InboxEmailReadModel[]; raw: { preview: string | null }[] };
    let total: number;
    if (view === 'conversations') {
      // One walk of the list for the page and its total: each conversation row costs a probe of its thread. A
      // search's matches are read first when they are few, and walked alone.
      const walked =
        (text ? await this.walkFewMatches(conditions, params, query) : null) ??
        (await this.walkConversations(builder, query));
      total = walked.total;
      rows =
        walked.ids.length === 0
          ? { entities: [], raw: [] }
          : await pageOf(
              this.emails
                .createQueryBuilder('e')
                .where('e.team_id = :teamId', { teamId })
                .andWhere('e.id IN (:...ids)', { ids: walked.ids }),
            ).getRawAndEntities<{ preview: string | null }>();
    } else {
      [rows, total] = await Promise.all([
        pageOf(builder)
          .offset(query.page * query.size)
          .limit(query.size)
          .getRawAndEntities<{ preview: string | null }>(),
        search || status || priority
          ? this.countRows(builder.clone(), search ? SEARCH_COUNT_LIMIT : undefined)
          : this.countFromCounters(teamId, everywhere ? 'everywhere' : query.folder, userId, assignee, query),
      ]);
    }
    const content = rows.entities.map((row, index) => toEmailDto({ ...row, bodyText: rows.raw[index]?.preview ?? '' }));
    if (view === 'conversations') await this.addConversations(teamId, content);
    return { content, totalElements: total, totalPages: Math.ceil(total / query.size) };
  }

  /**
   * Fills in each row's conversation (its thread's id, received emails and distinct senders, the latest first) with
   * one query for the page; an email the thread projection does not know yet is a conversation of one.
   */
  private async addConversations(teamId: string, emails: Email[]): Promise<void> {
    if (emails.length === 0) return;
    const rows: { email_id: string; thread_id: string; n: number; senders: ConversationParticipant[] }[] =
      await this.emails.manager.query(
        `SELECT self.email_id, self.thread_id, count(*)::int AS n,
                json_agg(json_build_object('name', m.from_name, 'email', m.from_email)
                         ORDER BY m.received_at DESC, m.id DESC) AS senders
           FROM email_thread self
           JOIN email_thread mt ON mt.team_id = self.team_id AND mt.thread_id = self.thread_id
           JOIN inbox_email m ON m.id = mt.email_id AND m.team_id = mt.team_id
          WHERE self.team_id = $1 AND self.email_id = ANY($2::uuid[])
          GROUP BY self.email_id, self.thread_id`,
        [teamId, emails.map((email) => email.id)],
      );
    const byEmail = new Map(rows.map((row) => [row.email_id, row]));
    for (const email of emails) {
      const row = byEmail.get(email.id);
      const senders = row?.senders ?? [{ name: email.fromName, email: email.fromEmail }];
      email.conversation = {
        id: row?.thread_id ?? email.id,
        messageCount: row?.n ?? 1,
        participants: distinctParticipants(senders),
      };
    }
  }

  /** One email of the team, or null (another team's id included). */
  async email(teamId: string, emailId: string): Promise<Email | null> {
    const row = await this.emails.findOne({ where: { id: emailId, teamId } });
    return row ? toEmailDto(row) : null;
  }

  /** What changes of some of the team's emails after they arrived (read, archive, spam, assignee...), in one read. */
  async emailChanges(teamId: string, emailIds: readonly string[]): Promise<EmailChangeState[]> {
    if (emailIds.length === 0) return [];
    const rows = await this.emails.find({
      select: Object.fromEntries(EMAIL_CHANGE_COLUMNS.map((column) => [column, true])),
      where: { teamId, id: In([...emailIds]) },
    });
    return rows.map(toEmailChangeState);
  }

  /** Answers 404 'Email not found' unless the team has this email (another team's id reveals nothing). */
  async requireEmail(teamId: string, emailId: string): Promise<void> {
    if (!(await this.emails.exists({ where: { id: emailId, teamId } }))) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
  }

  /** Unread emails in the team's inbox (not archived, not spam). */
  async countUnread(teamId: string): Promise<number> {
    const [row]: { n: string }[] = await this.emails.manager.query(
      `SELECT COALESCE(sum(n), 0)::text AS n FROM inbox_email_count
        WHERE team_id = $1 AND box = 'inbox' AND label_id = $2 AND unread`,
      [teamId, ANY_LABEL],
    );
    return Number(row.n);
  }

  /** The assignee filter: undefined for anyone, null for unassigned mail, else a user id. */
  private assigneeOf(query: TListEmailsQuery, userId: string): string | null | undefined {
    if (!query.assignee || query.assignee === 'all') return undefined;
    if (query.assignee === 'unassigned') return null;
    return query.assignee === 'me' ? userId : query.assignee;
  }

  /**
   * The conversation rows of a list in its order, up to CONVERSATION_COUNT_AHEAD beyond the end of the page asked for
   * (never past MAX_LIST_DEPTH): their number is the total, and the page's ids are taken from the same walk.
   */
  private async walkConversations(
    builder: SelectQueryBuilder<InboxEmailReadModel>,
    query: TListEmailsQuery,
  ): Promise<{ ids: string[]; total: number }> {
    const walk = builder
      .clone()
      .select('e.id', 'id')
      .addSelect('e.listed_at', 'listed_at')
      .orderBy('e.listedAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(walkLength(query));
    const [sql, params] = walk.getQueryAndParameters();
    const [row]: { n: number; ids: string[] }[] = await this.emails.manager.query(
      `SELECT count(*)::int AS n, ${pageIds(`$${params.length + 1}`, `$${params.length + 2}`)}
         FROM (SELECT id, row_number() OVER (ORDER BY listed_at DESC, id DESC) AS rn FROM (${sql}) AS walked) AS matching`,
      [...params, query.page * query.size, (query.page + 1) * query.size],
    );
    return { ids: row.ids, total: row.n };
  }

  /**
   * The same walk over a search's matches read first, when there are at most `fewSearchMatches` of them; null when
   * there are more. One statement: the matches are a materialized CTE (planned to read them all: the full-text index
   * unless the word is common), counted up to the bound; under it the walk probes those rows (at most the bound) and
   * takes them in the list's order, above it the walk does not run (a one-time filter). Whatever the planner expects
   * of the word, it has no ordered walk of the folder's index to choose.
   */
  private async walkFewMatches(
    conditions: (alias: string) => string[],
    params: Record<string, unknown>,
    query: TListEmailsQuery,
  ): Promise<{ ids: string[]; total: number } | null> {
    const few = this.fewSearchMatches;
    const statement = `WITH matching AS MATERIALIZED (
           SELECT e.id, e.team_id, e.listed_at FROM inbox_email e WHERE ${conditions('e').join(' AND ')}),
         bounded AS (SELECT count(*)::int AS matches FROM (SELECT 1 FROM matching LIMIT ${few + 1}) AS first_ones),
         walk AS (
           SELECT e.id, e.listed_at FROM matching e
            WHERE (SELECT matches FROM bounded) <= ${few} AND ${latestOfConversation(conditions)}
            ORDER BY e.listed_at DESC, e.id DESC
            LIMIT ${walkLength(query)})
      SELECT (SELECT matches FROM bounded) AS matches, count(*)::int AS n, ${pageIds(':pageFrom', ':pageTo')}
        FROM (SELECT id, row_number() OVER (ORDER BY listed_at DESC, id DESC) AS rn FROM walk) AS walked`;
    const [sql, values] = this.emails.manager.dataSource.driver.escapeQueryWithParameters(statement, {
      ...params,
      pageFrom: query.page * query.size,
      pageTo: (query.page + 1) * query.size,
    });
    const [row]: { matches: number; n: number; ids: string[] }[] = await this.emails.manager.query(sql, values);
    return row.matches > few ? null : { ids: row.ids, total: row.n };
  }

  /** The rows matching the builder's conditions, counted up to `limit` (the first ones in list order) when given. */
  private async countRows(builder: SelectQueryBuilder<InboxEmailReadModel>, limit?: number): Promise<number> {
    const matching = builder.select('1');
    if (limit !== undefined) matching.orderBy('e.listedAt', 'DESC').addOrderBy('e.id', 'DESC').limit(limit);
    const [sql, params] = matching.getQueryAndParameters();
    const [row]: { n: number }[] = await this.emails.manager.query(
      `SELECT count(*)::int AS n FROM (${sql}) AS matching`,
      params,
    );
    return row.n;
  }

  private async countFromCounters(
    teamId: string,
    folder: TListEmailsQuery['folder'] | 'everywhere',
    userId: string,
    assignee: string | null | undefined,
    query: TListEmailsQuery,
  ): Promise<number> {
    const params: unknown[] = [teamId, BOXES[folder], query.label ?? ANY_LABEL];
    const where = ['team_id = $1', 'box = ANY($2::text[])', 'label_id = $3'];
    const assignedTo = (id: string) => {
      params.push(id);
      where.push(`assigned_to = $${params.length}::uuid`);
    };
    if (folder === 'my-tasks') assignedTo(userId);
    if (assignee !== undefined) assignedTo(assignee ?? NOBODY);
    if (folder === 'unread' || query.unread) where.push('unread');
    const [row]: { n: string }[] = await this.emails.manager.query(
      `SELECT COALESCE(sum(n), 0)::text AS n FROM inbox_email_count WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(row.n);
  }

  /** The folder's condition over an inbox_email alias (the partial indexes of the folders have the same). */
  private folderSql(folder: TListEmailsQuery['folder'], a: string): string {
    switch (folder) {
      case 'inbox':
        return `${a}.is_archived = false AND ${a}.is_spam = false AND ${notSnoozed(a)}`;
      case 'unread':
        return `${a}.is_archived = false AND ${a}.is_spam = false AND ${notSnoozed(a)} AND ${unread(a)}`;
      case 'archived':
        return `${a}.is_archived = true AND ${a}.is_spam = false AND ${notSnoozed(a)}`;
      case 'spam':
        return `${a}.is_spam = true`;
      case 'my-tasks':
        return `${a}.assigned_to = :userId AND ${a}.is_spam = false AND ${notSnoozed(a)}`;
      case 'snoozed':
        return `${a}.snoozed_until IS NOT NULL AND ${a}.is_spam = false`;
      default: {
        const unknown: never = folder;
        throw new Error(`Unknown folder ${String(unknown)}`);
      }
    }
  }
}

/** How many conversation rows a walk reads: CONVERSATION_COUNT_AHEAD beyond the page's end, never past MAX_LIST_DEPTH. */
function walkLength(query: TListEmailsQuery): number {
  return Math.min(MAX_LIST_DEPTH, (query.page + 1) * query.size + CONVERSATION_COUNT_AHEAD);
}

/** The walked rows numbered `rn` in the list's order, as `ids`: those after `from` up to `to` (SQL placeholders). */
const pageIds = (from: string, to: string) =>
  `COALESCE(array_agg(id ORDER BY rn) FILTER (WHERE rn > ${from} AND rn <= ${to}), '{}') AS ids`;

/** The distinct senders (by address, case-insensitive), in the given order (the latest first), at most a few. */
export function distinctParticipants(senders: readonly ConversationParticipant[]): ConversationParticipant[] {
  const seen = new Set<string>();
  const participants: ConversationParticipant[] = [];
  for (const sender of senders) {
    const key = sender.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    participants.push({ name: sender.name, email: sender.email });
    if (participants.length === MAX_CONVERSATION_PARTICIPANTS) break;
  }
  return participants;
}
