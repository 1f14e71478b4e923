import type { EmailAttachment, EmailStatus, Priority } from '@teaminbox/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The inbox list and detail of one email; every query filters on team_id. */
@Entity({ name: 'inbox_email' })
@Index('inbox_email_team_received_idx', ['teamId', 'receivedAt', 'id'])
export class InboxEmailReadModel {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ name: 'body_text', type: 'text' })
  bodyText!: string;

  /** Sanitised once when projected (inline images as placeholders) when htmlSafe; raw in rows projected before. */
  @Column({ name: 'body_html', type: 'text', nullable: true })
  bodyHtml!: string | null;

  @Column({ name: 'html_safe', type: 'boolean', default: false, select: false })
  htmlSafe?: boolean;

  /** Remote images blocked in the sanitised body_html. */
  @Column({ name: 'remote_images', type: 'integer', default: 0, select: false })
  remoteImages?: number;

  /** The Date header as written, when the server's date was used instead. */
  @Column({ name: 'date_header', type: 'text', nullable: true, select: false })
  dateHeader?: string | null;

  @Column({ name: 'from_name', type: 'text', nullable: true })
  fromName!: string | null;

  @Column({ name: 'from_email', type: 'text' })
  fromEmail!: string;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  to!: string[];

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  cc!: string[];

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @Column({ name: 'read_by', type: 'uuid', nullable: true })
  readBy!: string | null;

  @Column({ name: 'is_archived', type: 'boolean', default: false })
  isArchived!: boolean;

  @Column({ name: 'is_spam', type: 'boolean', default: false })
  isSpam!: boolean;

  @Column({ type: 'text' })
  priority!: Priority;

  @Column({ type: 'text' })
  status!: EmailStatus;

  @Column({ name: 'assigned_to', type: 'uuid', nullable: true })
  assignedTo!: string | null;

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  labels!: string[];

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  attachments!: EmailAttachment[];

  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId!: string | null;

  /** Until when the email is snoozed (out of the inbox, in the snoozed folder); null when it is not. */
  @Column({ name: 'snoozed_until', type: 'timestamptz', nullable: true })
  snoozedUntil!: Date | null;
}
