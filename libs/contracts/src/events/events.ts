import type { Priority, EmailStatus } from '../conversations/email.schemas';
import type { Role } from '../identity/identity.schemas';

/** Metadata every event carries. */
export interface EventMetadata {
  actorUserId: string | null;
  teamId: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
}

export interface UserRegistered {
  userId: string;
  email: string;
  passwordHash: string;
}

/**
 * Claims an email address for one account. Its stream id is a hash of the lowercased address
 * (`user-email-<sha256>`), appended with NO_STREAM, so a second claim of the same address conflicts.
 */
export interface UserEmailReserved {
  userId: string;
}

export interface TeamCreated {
  teamId: string;
  name: string;
  createdBy: string;
}

export interface TeamMemberJoined {
  teamId: string;
  userId: string;
  role: Role;
}

export interface EmailReceived {
  emailId: string;
  teamId: string;
  messageId: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
  to: string[];
  cc: string[];
  text: string;
  html: string | null;
  receivedAt: string;
  priority: Priority;
  status: EmailStatus;
}

/** Every event type and its payload: the single source of event names. */
export interface DomainEventMap {
  UserRegistered: UserRegistered;
  UserEmailReserved: UserEmailReserved;
  TeamCreated: TeamCreated;
  TeamMemberJoined: TeamMemberJoined;
  EmailReceived: EmailReceived;
}
export type DomainEventType = keyof DomainEventMap;
