import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EmailHistoryActor, EmailHistoryEntry } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port';
import { conversationChangesStreamId } from '../../domain/conversation-changes.decider';
import { actorOf, changesOf, conversationChangesOf } from '../../domain/email-history';
import { EMAIL_NOT_FOUND_MESSAGE, emailStreamId } from '../../domain/email.decider';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { memberNames } from '../member-names';
import { GetEmailHistoryQuery } from './get-email-history.query';

/**
 * The email's stream read whole (comments, drafts, replies and their delivery all live on `email-<id>`): each
 * event with its actor resolved to a member's current name (or the rule's name it recorded), what it changed and
 * its correlation. The team's conversation changes that concern the email (every merge of a conversation it was part
 * of, every split out of its conversation: stream `conversations-<teamId>`, one event per member's change) are placed
 * among them by when they occurred; their `version` is the one of that stream. The team is checked on the stream's own events, so another team's email
 * answers 404.
 */
@QueryHandler(GetEmailHistoryQuery)
export class GetEmailHistoryHandler implements IQueryHandler<GetEmailHistoryQuery, EmailHistoryEntry[]> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly db: DataSource,
    private readonly threads: ConversationThreads,
  ) {}

  async execute({ caller, emailId }: GetEmailHistoryQuery): Promise<EmailHistoryEntry[]> {
    const events = await this.store.readStream(emailStreamId(emailId));
    // Only an email of the caller's team has a history to show, received or composed (a quarantined message is no
    // email yet).
    const received = events.find((event) => event.type === 'EmailReceived' || event.type === 'EmailComposed');
    if ((received?.data as { teamId?: unknown } | undefined)?.teamId !== caller.teamId) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
    const conversation = (await this.threads.conversationsOf(caller.teamId, [emailId])).get(emailId);
    const changes = conversationChangesOf(await this.store.readStream(conversationChangesStreamId(caller.teamId)), {
      emailId,
      threadId: conversation?.threadId ?? null,
      since: Date.parse(events[0].metadata.occurredAt),
    });
    const merged = [...events];
    for (const change of changes) {
      const at = Date.parse(change.metadata.occurredAt);
      const after = merged.findIndex((event) => Date.parse(event.metadata.occurredAt) > at);
      merged.splice(after === -1 ? merged.length : after, 0, change);
    }
    const changed = changesOf(merged);
    const entries = merged.map((event, index) => ({
      event,
      actor: actorOf(event.type, event.metadata, event.data),
      change: changed[index],
    }));
    const ids = entries.flatMap(({ actor, change }) => [
      ...(actor.kind === 'user' ? [actor.userId] : []),
      ...[change.from, change.to, change.userId].filter((id): id is string => typeof id === 'string'),
    ]);
    const names = await memberNames(this.db, ids.filter(isUuid));
    const nameOf = (id: string | null | undefined) => {
      const member = id ? names.get(id) : undefined;
      return member ? (member.name ?? member.email) : null;
    };
    return entries.map(({ event, actor, change }) => {
      const resolved: EmailHistoryActor =
        actor.kind === 'user'
          ? { ...actor, name: names.get(actor.userId)?.name ?? null, email: names.get(actor.userId)?.email ?? null }
          : actor;
      const assignee = event.type === 'EmailAssigned' || event.type === 'EmailUnassigned';
      return {
        id: event.eventId,
        version: event.streamVersion,
        type: event.type,
        occurredAt: event.metadata.occurredAt,
        actor: resolved,
        change: assignee
          ? { ...change, fromName: nameOf(change.from), toName: nameOf(change.to) ?? change.toName ?? null }
          : change,
        correlationId: event.metadata.correlationId,
        causationId: event.metadata.causationId,
      };
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
