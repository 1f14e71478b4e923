import type { EmailAttachment, EmailStatus, Priority } from '../conversations/email.schemas';
import type {
  DetailViewMode,
  LabelBackground,
  LabelColor,
  ListDensity,
  ReplyContent,
  UserLanguage,
} from '../conversations/collaboration.schemas';
import type { ConversationSettingsChanged } from '../conversations/conversation-settings.schemas';
import type { ConversationsMerged, EmailSplitFromConversation } from '../conversations/conversation-changes.schemas';
import type { Role } from '../identity/identity.schemas';
import type { ReplyAttachmentMeta } from '../mail/send-reply.schemas';
import type { EmailNotificationsSuppressed, EmailRuleApplied, EmailRulesEvaluated } from '../rules/rule.events';

/** Who made a change: a person, one of the team's rules, or the system itself (mail ingestion, the outbox). */
export type ActorKind = 'user' | 'rule' | 'system';

/** Metadata every event carries. */
export interface EventMetadata {
  /** The user who acted (null for a rule, the system or an anonymous caller). */
  actorUserId: string | null;
  /** Absent on events stored before it existed: read those as 'user' when actorUserId is set, else 'system'. */
  actorKind?: ActorKind;
  /** The rule that acted, when actorKind is 'rule' (its name as it was then, for the history). */
  actorRule?: { id: string; name: string };
  teamId: string | null;
  /** The request (X-Request-Id) or the first event a chain of reactions started from. */
  correlationId: string;
  /** The event whose reaction appended this one; null for a request. */
  causationId: string | null;
  occurredAt: string;
  /**
   * The keys of the data subjects whose personal fields the payload holds sealed (set by the event store when it
   * appends; absent on events without personal data and on events stored before encryption).
   */
  personalDataKeys?: string[];
}

/*
 * Password hashes are not part of events: they live in the credential table (`user_credential`), and the log records
 * only that a password was set, changed, cleared or rehashed. Events stored before that carry a `passwordHash` field;
 * it is never read (see docs/identity.md).
 */

export interface UserRegistered {
  userId: string;
  email: string;
  /** True when the registration itself proved the address (an invitation sent to it); absent: not proven. */
  emailProven?: boolean;
}

/**
 * The address of an account was proven by a login link sent to it. When it was not proven before, the password
 * set at registration (possibly by someone else) is dropped with it: UserPasswordChanged with passwordCleared follows.
 */
export interface UserEmailProven {
  userId: string;
  /** How: absent for a login link (the first one also clears the password), 'invitation' for an accepted invitation. */
  via?: 'invitation';
}

/** The same password, hashed again with the current parameters at a sign-in (sessions go on; the hash is stored apart). */
export interface UserPasswordRehashed {
  userId: string;
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

/**
 * The password was changed (a new hash is in the credential table), or cleared (`passwordCleared`: the account has no
 * password until its owner sets one); every session issued before it ends (users.session_version + 1).
 */
export interface UserPasswordChanged {
  userId: string;
  passwordCleared?: boolean;
}

/**
 * On the user's stream: the user takes a seat in a team. Appended with the stream's expected version
 * before the team's own events, so one user can never end up in two teams (nor create two at once).
 */
export interface TeamMembershipClaimed {
  userId: string;
  teamId: string;
}

/** On the user's stream: the seat is free again (removed from the team, or a failed join undone). */
export interface TeamMembershipReleased {
  userId: string;
  teamId: string;
}

/**
 * On the stream `login-link-<tokenHash>`: a single-use sign-in link was emailed. Only the SHA-256 hash
 * of the token is stored; expiresAt is an ISO time.
 */
export interface LoginLinkIssued {
  userId: string;
  tokenHash: string;
  expiresAt: string;
}

export interface LoginLinkUsed {
  userId: string;
  tokenHash: string;
}

/**
 * On the team's stream: an invitation was (re)issued. Re-sending to the same address keeps the
 * invitationId and replaces the token (the older link stops working) and the expiry.
 */
export interface InvitationSent {
  teamId: string;
  invitationId: string;
  email: string;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  /** The role the invitee joins with; absent (invitations sent before roles could be chosen): MEMBER. */
  role?: Role;
}

export interface InvitationDeleted {
  teamId: string;
  invitationId: string;
}

export interface InvitationAccepted {
  teamId: string;
  invitationId: string;
  userId: string;
}

export interface MemberRoleChanged {
  teamId: string;
  userId: string;
  role: Role;
  previousRole: Role;
}

/** The user leaves the team and every session of theirs ends (users.session_version + 1). */
export interface TeamMemberRemoved {
  teamId: string;
  userId: string;
}

export interface EmailReceived {
  emailId: string;
  teamId: string;
  messageId: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
  /** The Reply-To addresses, where answers go instead of From; absent in older events and sample emails. */
  replyTo?: string[];
  to: string[];
  cc: string[];
  text: string;
  html: string | null;
  receivedAt: string;
  priority: Priority;
  status: EmailStatus;
  /** Set when the email came from a team mailbox (IMAP ingestion); absent for sample emails. */
  inReplyTo?: string | null;
  references?: string[];
  folder?: string;
  uid?: number;
  /** Auto-Submitted other than no, Precedence bulk/junk/list/auto_reply, X-Autoreply or X-Autorespond. */
  isAutoReply?: boolean;
  /** A delivery status report (multipart/report; report-type=delivery-status). */
  isBounce?: boolean;
  /** Contents are stored in the `attachment` table under each id. */
  attachments?: EmailAttachment[];
  /**
   * True when `html` was sanitised at ingestion (inline images as placeholders resolved when read); absent in older
   * events and sample emails, whose HTML the inbox projection sanitises.
   */
  htmlSafe?: boolean;
  /** Remote images blocked in the sanitised `html`. */
  remoteImages?: number;
  /** The Date header as written when it could not be used for receivedAt (unreadable or out of range). */
  dateHeader?: string;
  /** The message's header lines as name (lowercase) and unfolded value, bounded in number and size (rules read them). */
  headers?: EmailHeader[];
  /** True for old mail of a mailbox's first synchronisation (present in the folder when it was first read). */
  firstSync?: boolean;
}

export interface EmailHeader {
  name: string;
  value: string;
}

/*
 * Work on an email (stream `email-<emailId>`). Each carries teamId; who acted is metadata.actorUserId.
 * Read state is team-wide (the spec's read/readAt/readBy).
 */
export interface EmailMarkedRead {
  emailId: string;
  teamId: string;
  userId: string;
  readAt: string;
}
export interface EmailMarkedUnread {
  emailId: string;
  teamId: string;
  userId: string;
}
export interface EmailArchived {
  emailId: string;
  teamId: string;
}
export interface EmailUnarchived {
  emailId: string;
  teamId: string;
}
export interface EmailMarkedSpam {
  emailId: string;
  teamId: string;
}
export interface EmailMarkedNotSpam {
  emailId: string;
  teamId: string;
}
/** assignedTo is a member of the team; the name is kept for the action log. */
export interface EmailAssigned {
  emailId: string;
  teamId: string;
  assignedTo: string;
  assignedToName: string | null;
  /** The assignee's address, whose personal data the name is (absent in events stored before it was recorded). */
  assignedToEmail?: string;
  previousAssignee: string | null;
  /**
   * Assigned by a rule to old mail that the mailbox's first synchronisation found (`EmailReceived.firstSync`): history,
   * not news, so nobody is notified of it.
   */
  firstSync?: boolean;
  /**
   * Where the assignment came from, when it matters to a later one: 'conversation' (a follow-up took its
   * conversation's assignee; a rule's assignment then leaves it unless the rule reassigns conversations), or
   * 'rule-reassigning' (a rule that reassigns conversations already assigned; the conversation's assignee then does
   * not replace it). Absent: a member's or an ordinary rule's assignment.
   */
  via?: 'conversation' | 'rule-reassigning';
}
export interface EmailUnassigned {
  emailId: string;
  teamId: string;
  previousAssignee: string;
}
/** The email's status changed (by a member in the email detail, or by a rule). */
export interface EmailStatusChanged {
  emailId: string;
  teamId: string;
  status: EmailStatus;
  previousStatus: EmailStatus;
}
/**
 * The email leaves the inbox until `until` (stream `email-<emailId>`); `snoozeId` names this snooze, and its wake-up
 * job: a later snooze replaces it. `by` is the member who snoozed.
 */
export interface EmailSnoozed {
  emailId: string;
  teamId: string;
  snoozeId: string;
  until: string;
  by: string;
}
/**
 * Why an email came back: its snooze's time came ('time'), a customer answered its conversation ('answer'), a member
 * woke it ('manual'), or a reminder of a reply found no answer ('reminder').
 */
export type WakeReason = 'time' | 'answer' | 'manual' | 'reminder';
/**
 * The email is back in the inbox (and, unless woken by hand, unread): its snooze (snoozeId) or reminder (reminderId)
 * has ended, at `wokenAt`.
 */
export interface EmailWoken {
  emailId: string;
  teamId: string;
  reason: WakeReason;
  wokenAt: string;
  snoozeId?: string;
  reminderId?: string;
  /**
   * Who snoozed it or set the reminder (reasons `time` and `reminder`): told when the email has no assignee. Absent
   * in events recorded before it was kept.
   */
  askedBy?: string;
}
/** A reply was sent with "Remind me if no answer by": at `dueAt`, the conversation comes back unless answered. */
export interface ReminderSet {
  emailId: string;
  teamId: string;
  reminderId: string;
  replyId: string;
  dueAt: string;
  by: string;
}
/** The customer answered before the reminder's time: it will not fire. */
export interface ReminderCancelled {
  emailId: string;
  teamId: string;
  reminderId: string;
  reason: 'answer';
}
export interface EmailPriorityChanged {
  emailId: string;
  teamId: string;
  priority: Priority;
  previousPriority: Priority;
}
export interface EmailLabelAdded {
  emailId: string;
  teamId: string;
  labelId: string;
  labelName: string;
}
export interface EmailLabelRemoved {
  emailId: string;
  teamId: string;
  labelId: string;
  labelName: string;
}
/** Per user: the user gets no notifications about this email while muted. */
export interface EmailNotificationsMuted {
  emailId: string;
  teamId: string;
  userId: string;
}
/** Per user: a personal marker on an email (the inbox row's star). */
export interface EmailStarred {
  emailId: string;
  teamId: string;
  userId: string;
}
export interface EmailUnstarred {
  emailId: string;
  teamId: string;
  userId: string;
}
export interface EmailNotificationsUnmuted {
  emailId: string;
  teamId: string;
  userId: string;
}
/** An entry a client posted to the action log (POST /emails/{id}/actions). */
export interface EmailActionLogged {
  emailId: string;
  teamId: string;
  actionId: string;
  type: string;
  details: Record<string, unknown>;
  /**
   * The address of the email's sender, whose case the entry is about: their key seals every text in `details`
   * (docs/audit.md, crypto-shredding). Absent in events recorded before entries were sealed.
   */
  correspondent?: string;
}
export interface CommentAdded {
  emailId: string;
  teamId: string;
  commentId: string;
  userId: string;
  message: string;
  /** User ids of the members mentioned with @. */
  mentions: string[];
  /**
   * The address of the email's sender, the person whose case the comment discusses: their key seals the text
   * (docs/audit.md, crypto-shredding). Absent in events recorded before comments were sealed.
   */
  correspondent?: string;
}
export interface CommentEdited {
  emailId: string;
  teamId: string;
  commentId: string;
  message: string;
  mentions: string[];
  /**
   * The address of the email's sender, the person whose case the comment discusses: their key seals the text
   * (docs/audit.md, crypto-shredding). Absent in events recorded before comments were sealed.
   */
  correspondent?: string;
}
export interface CommentDeleted {
  emailId: string;
  teamId: string;
  commentId: string;
}
/** A reply draft created or replaced as a whole (POST/PUT /emails/{id}/replies). */
export interface ReplyDraftSaved extends ReplyContent {
  emailId: string;
  teamId: string;
  draftId: string;
  userId: string;
  /**
   * The address of the email's sender: their key seals the subject and bodies of a draft that has no To recipient
   * yet (with one, the first To recipient's key does). Absent in events recorded before drafts were sealed.
   */
  correspondent?: string;
  /**
   * The attachments of a reply whose send was undone (their contents stay in the outbox, sent with the draft).
   * Absent: the draft's attachments do not change.
   */
  attachments?: ReplyAttachmentMeta[];
}
export interface ReplyDraftDeleted {
  emailId: string;
  teamId: string;
  draftId: string;
}

/* Labels of a team (stream `labels-<teamId>`: names are unique per team, case-insensitive). */
export interface LabelCreated {
  teamId: string;
  labelId: string;
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
  isDefault: boolean;
}
export interface LabelUpdated {
  teamId: string;
  labelId: string;
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
}
export interface LabelDeleted {
  teamId: string;
  labelId: string;
}

/** On the stream `preferences-<userId>`: personal preferences (only the fields that changed are present). */
export interface UserPreferencesChanged {
  userId: string;
  emailDetailViewMode?: DetailViewMode;
  onVacation?: boolean;
  language?: UserLanguage;
  listDensity?: ListDensity;
  undoSendSeconds?: number;
}

/** Every event type and its payload: the single source of event names. */
export interface DomainEventMap {
  UserRegistered: UserRegistered;
  UserEmailReserved: UserEmailReserved;
  TeamCreated: TeamCreated;
  TeamMemberJoined: TeamMemberJoined;
  EmailReceived: EmailReceived;
  UserPasswordChanged: UserPasswordChanged;
  UserEmailProven: UserEmailProven;
  UserPasswordRehashed: UserPasswordRehashed;
  TeamMembershipClaimed: TeamMembershipClaimed;
  TeamMembershipReleased: TeamMembershipReleased;
  LoginLinkIssued: LoginLinkIssued;
  LoginLinkUsed: LoginLinkUsed;
  InvitationSent: InvitationSent;
  InvitationDeleted: InvitationDeleted;
  InvitationAccepted: InvitationAccepted;
  MemberRoleChanged: MemberRoleChanged;
  TeamMemberRemoved: TeamMemberRemoved;
  EmailMarkedRead: EmailMarkedRead;
  EmailMarkedUnread: EmailMarkedUnread;
  EmailArchived: EmailArchived;
  EmailUnarchived: EmailUnarchived;
  EmailMarkedSpam: EmailMarkedSpam;
  EmailMarkedNotSpam: EmailMarkedNotSpam;
  EmailAssigned: EmailAssigned;
  EmailUnassigned: EmailUnassigned;
  EmailLabelAdded: EmailLabelAdded;
  EmailLabelRemoved: EmailLabelRemoved;
  EmailNotificationsMuted: EmailNotificationsMuted;
  EmailStarred: EmailStarred;
  EmailUnstarred: EmailUnstarred;
  EmailNotificationsUnmuted: EmailNotificationsUnmuted;
  EmailActionLogged: EmailActionLogged;
  EmailStatusChanged: EmailStatusChanged;
  EmailPriorityChanged: EmailPriorityChanged;
  EmailSnoozed: EmailSnoozed;
  EmailWoken: EmailWoken;
  ReminderSet: ReminderSet;
  ReminderCancelled: ReminderCancelled;
  EmailRuleApplied: EmailRuleApplied;
  EmailNotificationsSuppressed: EmailNotificationsSuppressed;
  EmailRulesEvaluated: EmailRulesEvaluated;
  CommentAdded: CommentAdded;
  CommentEdited: CommentEdited;
  CommentDeleted: CommentDeleted;
  ReplyDraftSaved: ReplyDraftSaved;
  ReplyDraftDeleted: ReplyDraftDeleted;
  LabelCreated: LabelCreated;
  LabelUpdated: LabelUpdated;
  LabelDeleted: LabelDeleted;
  UserPreferencesChanged: UserPreferencesChanged;
  ConversationSettingsChanged: ConversationSettingsChanged;
  ConversationsMerged: ConversationsMerged;
  EmailSplitFromConversation: EmailSplitFromConversation;
}
export type DomainEventType = keyof DomainEventMap;
