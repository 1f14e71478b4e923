import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Email, EMAIL_STATUSES, type Page, PRIORITIES, type TListEmailsQuery } from '@teaminbox/contracts';
import { type Repository, type SelectQueryBuilder } from 'typeorm';
import { toEmailDto } from '../projections/inbox-email/email.mapper';
import { InboxEmailReadModel } from '../projections/inbox-email/inbox-email.read-model';

const UNREAD = 'e.readAt IS NULL AND e.readBy IS NULL';

/** Maps the spec's lower- or upper-case values (in_progress, IN_PROGRESS, in-progress) to ours; null when unknown. */
function normalizeEnum<T extends string>(value: string | undefined, allowed: readonly T[]): T | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase().replace(/-/g, '_') as T;
  return allowed.includes(upper) ? upper : null;
}

/**
 * A full-text query from what the user typed: every word must match, as a prefix ('invo' finds 'invoice').
 * Only letters and digits make words, so no input can inject tsquery syntax.
 */
export function toPrefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0
    ? null
    : words
        .slice(0, 16)
        .map((word) => `${word}:*`)
        .join(' & ');
}

/** Read side of the inbox: every query is scoped to one team. */
@Injectable()
export class InboxEmailQueries {
  constructor(@InjectRepository(InboxEmailReadModel) private readonly emails: Repository<InboxEmailReadModel>) {}

  /** `everywhere`: every folder but spam (the shell's quick search). */
  async list(teamId: string, userId: string, query: TListEmailsQuery, everywhere = false): Promise<Page<Email>> {
    const builder = this.emails.createQueryBuilder('e').where('e.teamId = :teamId', { teamId });
    if (everywhere) builder.andWhere('e.isSpam = false');
    else this.applyFolder(builder, query.folder, userId);
    if (query.assignee === 'unassigned') builder.andWhere('e.assignedTo IS NULL');
    else if (query.assignee === 'me') builder.andWhere('e.assignedTo = :me', { me: userId });
    else if (query.assignee && query.assignee !== 'all')
      builder.andWhere('e.assignedTo = :assignee', { assignee: query.assignee });
    if (query.label) builder.andWhere('e.labels @> ARRAY[:label]::uuid[]', { label: query.label });
    if (query.unread) builder.andWhere(UNREAD);
    const status = normalizeEnum(query.status, EMAIL_STATUSES);
    if (status) builder.andWhere('e.status = :status', { status });
    const priority = normalizeEnum(query.priority, PRIORITIES);
    if (priority) builder.andWhere('e.priority = :priority', { priority });
    const search = query.search?.trim();
    if (search) {
      const tsquery = toPrefixQuery(search);
      // Nothing searchable (only punctuation): nothing matches.
      if (!tsquery) return { content: [], totalElements: 0, totalPages: 0 };
      builder.andWhere(`e.search_vector @@ to_tsquery('simple', :tsquery)`, { tsquery });
    }
    const [rows, total] = await builder
      .orderBy('e.receivedAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .skip(query.page * query.size)
      .take(query.size)
      .getManyAndCount();
    return { content: rows.map(toEmailDto), totalElements: total, totalPages: Math.ceil(total / query.size) };
  }

  /** Unread emails in the team's inbox (not archived, not spam). */
  countUnread(teamId: string): Promise<number> {
    return this.emails
      .createQueryBuilder('e')
      .where('e.teamId = :teamId', { teamId })
      .andWhere('e.isArchived = false AND e.isSpam = false')
      .andWhere(UNREAD)
      .getCount();
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
