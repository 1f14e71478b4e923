import 'reflect-metadata';
import type { IEvent } from '@nestjs/cqrs';
import type { DomainEventMap, NotificationEventMap, OutboxEventMap, PersonalEventMap } from '@teaminbox/contracts';
import type { StoredEvent } from '../event-store/event-store.port';

/**
 * A stored event as a @nestjs/cqrs event. There is one subclass per type of DomainEventMap, so handlers
 * subscribe by class:
 *
 *   @EventsHandler(EmailReceivedEvent)
 *   export class PushNewEmail implements IEventHandler<EmailReceivedEvent> {
 *     handle({ event }: EmailReceivedEvent) { ... event.data.subject ... }
 *   }
 *
 * They are published by the 'cqrs-event-bus' reaction after the event is stored, from the durable
 * subscription (at-least-once: a handler may see an event again after a crash, so it must be idempotent).
 */
export abstract class DomainEventEnvelope<T = unknown> implements IEvent {
  constructor(readonly event: StoredEvent<T>) {}
}

/** The reply template events reactions listen to (open reply forms follow the team's templates). */
type ReplyTemplateEventMap = Pick<
  PersonalEventMap,
  'ReplyTemplateCreated' | 'ReplyTemplateUpdated' | 'ReplyTemplateDeleted'
>;

/** The profile events reactions listen to (the team's open screens follow a member's new photo). */
type ProfileEventMap = Pick<NotificationEventMap, 'ProfilePhotoChanged'>;

/**
 * The events that reach the bus: the domain events, the outbox's (a reply queued, sent or failed), the templates'
 * and a new profile photo.
 */
export type BusEventMap = DomainEventMap & OutboxEventMap & ReplyTemplateEventMap & ProfileEventMap;
export type BusEventType = keyof BusEventMap;

export class UserRegisteredEvent extends DomainEventEnvelope<DomainEventMap['UserRegistered']> {}
export class UserEmailReservedEvent extends DomainEventEnvelope<DomainEventMap['UserEmailReserved']> {}
export class TeamCreatedEvent extends DomainEventEnvelope<DomainEventMap['TeamCreated']> {}
export class TeamMemberJoinedEvent extends DomainEventEnvelope<DomainEventMap['TeamMemberJoined']> {}
export class EmailReceivedEvent extends DomainEventEnvelope<DomainEventMap['EmailReceived']> {}
export class UserPasswordChangedEvent extends DomainEventEnvelope<DomainEventMap['UserPasswordChanged']> {}
export class UserEmailProvenEvent extends DomainEventEnvelope<DomainEventMap['UserEmailProven']> {}
export class UserPasswordRehashedEvent extends DomainEventEnvelope<DomainEventMap['UserPasswordRehashed']> {}
export class TeamMembershipClaimedEvent extends DomainEventEnvelope<DomainEventMap['TeamMembershipClaimed']> {}
export class TeamMembershipReleasedEvent extends DomainEventEnvelope<DomainEventMap['TeamMembershipReleased']> {}
export class LoginLinkIssuedEvent extends DomainEventEnvelope<DomainEventMap['LoginLinkIssued']> {}
export class LoginLinkUsedEvent extends DomainEventEnvelope<DomainEventMap['LoginLinkUsed']> {}
export class InvitationSentEvent extends DomainEventEnvelope<DomainEventMap['InvitationSent']> {}
export class InvitationDeletedEvent extends DomainEventEnvelope<DomainEventMap['InvitationDeleted']> {}
export class InvitationAcceptedEvent extends DomainEventEnvelope<DomainEventMap['InvitationAccepted']> {}
export class MemberRoleChangedEvent extends DomainEventEnvelope<DomainEventMap['MemberRoleChanged']> {}
export class TeamMemberRemovedEvent extends DomainEventEnvelope<DomainEventMap['TeamMemberRemoved']> {}
export class EmailMarkedReadEvent extends DomainEventEnvelope<DomainEventMap['EmailMarkedRead']> {}
export class EmailMarkedUnreadEvent extends DomainEventEnvelope<DomainEventMap['EmailMarkedUnread']> {}
export class EmailArchivedEvent extends DomainEventEnvelope<DomainEventMap['EmailArchived']> {}
export class EmailUnarchivedEvent extends DomainEventEnvelope<DomainEventMap['EmailUnarchived']> {}
export class EmailMarkedSpamEvent extends DomainEventEnvelope<DomainEventMap['EmailMarkedSpam']> {}
export class EmailMarkedNotSpamEvent extends DomainEventEnvelope<DomainEventMap['EmailMarkedNotSpam']> {}
export class EmailAssignedEvent extends DomainEventEnvelope<DomainEventMap['EmailAssigned']> {}
export class EmailUnassignedEvent extends DomainEventEnvelope<DomainEventMap['EmailUnassigned']> {}
export class EmailLabelAddedEvent extends DomainEventEnvelope<DomainEventMap['EmailLabelAdded']> {}
export class EmailLabelRemovedEvent extends DomainEventEnvelope<DomainEventMap['EmailLabelRemoved']> {}
export class EmailNotificationsMutedEvent extends DomainEventEnvelope<DomainEventMap['EmailNotificationsMuted']> {}
export class EmailNotificationsUnmutedEvent extends DomainEventEnvelope<DomainEventMap['EmailNotificationsUnmuted']> {}
export class EmailStarredEvent extends DomainEventEnvelope<DomainEventMap['EmailStarred']> {}
export class EmailUnstarredEvent extends DomainEventEnvelope<DomainEventMap['EmailUnstarred']> {}
export class EmailActionLoggedEvent extends DomainEventEnvelope<DomainEventMap['EmailActionLogged']> {}
export class EmailStatusChangedEvent extends DomainEventEnvelope<DomainEventMap['EmailStatusChanged']> {}
export class EmailPriorityChangedEvent extends DomainEventEnvelope<DomainEventMap['EmailPriorityChanged']> {}
export class EmailRuleAppliedEvent extends DomainEventEnvelope<DomainEventMap['EmailRuleApplied']> {}
export class EmailNotificationsSuppressedEvent extends DomainEventEnvelope<
  DomainEventMap['EmailNotificationsSuppressed']
> {}
export class CommentAddedEvent extends DomainEventEnvelope<DomainEventMap['CommentAdded']> {}
export class CommentEditedEvent extends DomainEventEnvelope<DomainEventMap['CommentEdited']> {}
export class CommentDeletedEvent extends DomainEventEnvelope<DomainEventMap['CommentDeleted']> {}
export class ReplyDraftSavedEvent extends DomainEventEnvelope<DomainEventMap['ReplyDraftSaved']> {}
export class ReplyDraftDeletedEvent extends DomainEventEnvelope<DomainEventMap['ReplyDraftDeleted']> {}
export class LabelCreatedEvent extends DomainEventEnvelope<DomainEventMap['LabelCreated']> {}
export class LabelUpdatedEvent extends DomainEventEnvelope<DomainEventMap['LabelUpdated']> {}
export class LabelDeletedEvent extends DomainEventEnvelope<DomainEventMap['LabelDeleted']> {}
export class UserPreferencesChangedEvent extends DomainEventEnvelope<DomainEventMap['UserPreferencesChanged']> {}
export class ReplyQueuedEvent extends DomainEventEnvelope<OutboxEventMap['ReplyQueued']> {}
export class ReplySentEvent extends DomainEventEnvelope<OutboxEventMap['ReplySent']> {}
export class ReplyFailedEvent extends DomainEventEnvelope<OutboxEventMap['ReplyFailed']> {}
export class ReplyTemplateCreatedEvent extends DomainEventEnvelope<PersonalEventMap['ReplyTemplateCreated']> {}
export class ReplyTemplateUpdatedEvent extends DomainEventEnvelope<PersonalEventMap['ReplyTemplateUpdated']> {}
export class ReplyTemplateDeletedEvent extends DomainEventEnvelope<PersonalEventMap['ReplyTemplateDeleted']> {}
export class ProfilePhotoChangedEvent extends DomainEventEnvelope<NotificationEventMap['ProfilePhotoChanged']> {}

export type DomainEventClass<K extends BusEventType = BusEventType> = new (
  event: StoredEvent<BusEventMap[K]>,
) => DomainEventEnvelope<BusEventMap[K]>;

/** Event type -> class. Typed over BusEventMap, so a new event type does not compile until it has a class. */
export const DOMAIN_EVENT_CLASSES: { readonly [K in BusEventType]: DomainEventClass<K> } = {
  UserRegistered: UserRegisteredEvent,
  UserEmailReserved: UserEmailReservedEvent,
  TeamCreated: TeamCreatedEvent,
  TeamMemberJoined: TeamMemberJoinedEvent,
  EmailReceived: EmailReceivedEvent,
  UserPasswordChanged: UserPasswordChangedEvent,
  UserEmailProven: UserEmailProvenEvent,
  UserPasswordRehashed: UserPasswordRehashedEvent,
  TeamMembershipClaimed: TeamMembershipClaimedEvent,
  TeamMembershipReleased: TeamMembershipReleasedEvent,
  LoginLinkIssued: LoginLinkIssuedEvent,
  LoginLinkUsed: LoginLinkUsedEvent,
  InvitationSent: InvitationSentEvent,
  InvitationDeleted: InvitationDeletedEvent,
  InvitationAccepted: InvitationAcceptedEvent,
  MemberRoleChanged: MemberRoleChangedEvent,
  TeamMemberRemoved: TeamMemberRemovedEvent,
  EmailMarkedRead: EmailMarkedReadEvent,
  EmailMarkedUnread: EmailMarkedUnreadEvent,
  EmailArchived: EmailArchivedEvent,
  EmailUnarchived: EmailUnarchivedEvent,
  EmailMarkedSpam: EmailMarkedSpamEvent,
  EmailMarkedNotSpam: EmailMarkedNotSpamEvent,
  EmailAssigned: EmailAssignedEvent,
  EmailUnassigned: EmailUnassignedEvent,
  EmailLabelAdded: EmailLabelAddedEvent,
  EmailLabelRemoved: EmailLabelRemovedEvent,
  EmailNotificationsMuted: EmailNotificationsMutedEvent,
  EmailNotificationsUnmuted: EmailNotificationsUnmutedEvent,
  EmailStarred: EmailStarredEvent,
  EmailUnstarred: EmailUnstarredEvent,
  EmailActionLogged: EmailActionLoggedEvent,
  EmailStatusChanged: EmailStatusChangedEvent,
  EmailPriorityChanged: EmailPriorityChangedEvent,
  EmailRuleApplied: EmailRuleAppliedEvent,
  EmailNotificationsSuppressed: EmailNotificationsSuppressedEvent,
  CommentAdded: CommentAddedEvent,
  CommentEdited: CommentEditedEvent,
  CommentDeleted: CommentDeletedEvent,
  ReplyDraftSaved: ReplyDraftSavedEvent,
  ReplyDraftDeleted: ReplyDraftDeletedEvent,
  LabelCreated: LabelCreatedEvent,
  LabelUpdated: LabelUpdatedEvent,
  LabelDeleted: LabelDeletedEvent,
  UserPreferencesChanged: UserPreferencesChangedEvent,
  ReplyQueued: ReplyQueuedEvent,
  ReplySent: ReplySentEvent,
  ReplyFailed: ReplyFailedEvent,
  ReplyTemplateCreated: ReplyTemplateCreatedEvent,
  ReplyTemplateUpdated: ReplyTemplateUpdatedEvent,
  ReplyTemplateDeleted: ReplyTemplateDeletedEvent,
  ProfilePhotoChanged: ProfilePhotoChangedEvent,
};

/**
 * @nestjs/cqrs 12 routes an event to handlers by an id kept in the class's '__event__' metadata
 * (set by @EventsHandler when absent). Setting it here makes the id stable (the type name) and
 * independent of which class is decorated first.
 */
const CQRS_EVENT_METADATA = '__event__';
for (const [type, cls] of Object.entries(DOMAIN_EVENT_CLASSES)) {
  Reflect.defineMetadata(CQRS_EVENT_METADATA, { id: type }, cls);
}

export function isDomainEventType(type: string): type is BusEventType {
  return Object.prototype.hasOwnProperty.call(DOMAIN_EVENT_CLASSES, type);
}

/** Wraps a stored event in its class; undefined for a type without one. */
export function toDomainEvent(event: StoredEvent): DomainEventEnvelope | undefined {
  if (!isDomainEventType(event.type)) return undefined;
  const cls = DOMAIN_EVENT_CLASSES[event.type] as DomainEventClass;
  return new cls(event as StoredEvent<never>);
}
