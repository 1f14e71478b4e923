import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type Email,
  EMAIL_PREVIEW_LENGTH,
  EMAIL_STATUSES,
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

const UNREAD = 'e.readAt IS NULL AND e.readBy IS NULL';

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
const SEARCH_MATCHES = `e.search_vector @@ (regexp_replace(
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

/** Which counter rows of `inbox_email_count` make up a folder (see the migration 1768100000000). */
const BOXES: Record<TListEmailsQuery['folder'] | 'everywhere', InboxBox[]> = {
  inbox: ['inbox'],
  unread: ['inbox'],
  archived: ['archived'],
  spam: ['spam'],
  'my-tasks': ['inbox', 'archived'],
  everywhere: ['inbox', 'archived'],
};

/**
 * Read side of the inbox: every query is scoped to one team. A page is read in the list's order from the folder's
 * partial index; its total comes from the projection's counters (folder x assignee x label x unread) when no other
 * filter applies, otherwise from counting the rows (a search: up to SEARCH_COUNT_LIMIT).
 */
@Injectable()
export class InboxEmailQueries {
  constructor(@InjectRepository(InboxEmailReadModel) private readonly emails: Repository<InboxEmailReadModel>) {}

  /** `everywhere`: every folder but spam (the shell's quick search). */
  async list(teamId: string, userId: string, query: TListEmailsQuery, everywhere = false): Promise<Page<Email>> {
    const builder = this.emails.createQueryBuilder('e').where('e.teamId = :teamId', { teamId });
    if (everywhere) builder.andWhere('e.isSpam = false');
    else this.applyFolder(builder, query.folder, userId);
    const assignee = this.assigneeOf(query, userId);
    if (assignee === null) builder.andWhere('e.assignedTo IS NULL');
    else if (assignee) builder.andWhere('e.assignedTo = :assignee', { assignee });
    if (query.label) builder.andWhere('e.labels @> ARRAY[:label]::uuid[]', { label: query.label });
    if (query.unread) builder.andWhere(UNREAD);
    const status = normalizeEnum(query.status, EMAIL_STATUSES, 'status');
    if (status) builder.andWhere('e.status = :status', { status });
    const priority = normalizeEnum(query.priority, PRIORITIES, 'priority');
    if (priority) builder.andWhere('e.priority = :priority', { priority });
    const search = query.search?.trim();
    if (search) {
      const text = searchableText(search);
      // Nothing searchable (only punctuation): nothing matches.
      if (!text) return { content: [], totalElements: 0, totalPages: 0 };
      builder.andWhere(SEARCH_MATCHES, { search: text });
    }
    const counted =
      search || status || priority
        ? this.countRows(builder.clone(), search ? SEARCH_COUNT_LIMIT : undefined)
        : this.countFromCounters(teamId, everywhere ? 'everywhere' : query.folder, userId, assignee, query);
    const [rows, total] = await Promise.all([
      builder
        .select(LIST_COLUMNS.map((column) => `e.${column}`))
        .addSelect(`left(e.body_text, ${EMAIL_PREVIEW_LENGTH})`, 'preview')
        .orderBy('e.receivedAt', 'DESC')
        .addOrderBy('e.id', 'DESC')
        .offset(query.page * query.size)
        .limit(query.size)
        .getRawAndEntities<{ preview: string | null }>(),
      counted,
    ]);
    // A page reads the start of each body only: lists carry a preview, never the text or the HTML.
    const content = rows.entities.map((row, index) => toEmailDto({ ...row, bodyText: rows.raw[index]?.preview ?? '' }));
    return { content, totalElements: total, totalPages: Math.ceil(total / query.size) };
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

  /** The rows matching the builder's conditions, counted up to `limit` (the first ones in list order) when given. */
  private async countRows(builder: SelectQueryBuilder<InboxEmailReadModel>, limit?: number): Promise<number> {
    const matching = builder.select('1');
    if (limit !== undefined) matching.orderBy('e.receivedAt', 'DESC').addOrderBy('e.id', 'DESC').limit(limit);
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

  private applyFolder(
    builder: SelectQueryBuilder<InboxEmailReadModel>,
    folder: TListEmailsQuery['folder'],
    userId: string,
  ) {
    switch (folder) {
      case 'inbox':
        builder.andWhere('e.isArchived = false AND e.isSpam = false');
        return;
      case 'unread':
        builder.andWhere('e.isArchived = false AND e.isSpam = false').andWhere(UNREAD);
        return;
      case 'archived':
        builder.andWhere('e.isArchived = true AND e.isSpam = false');
        return;
      case 'spam':
        builder.andWhere('e.isSpam = true');
        return;
      case 'my-tasks':
        builder.andWhere('e.assignedTo = :userId AND e.isSpam = false', { userId });
        return;
      default: {
        const unknown: never = folder;
        throw new Error(`Unknown folder ${String(unknown)}`);
      }
    }
  }
}
