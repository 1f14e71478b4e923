import type { TFunction } from 'i18next';
import type { EmailAction, TeamActivityEntry } from '@teaminbox/contracts';

/** What a person reads for an entry whose words the texts lack: its type, as words. */
const spelledOut = (type: string) => type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

/** The entry type's name ('Assigned', 'Label created', ...). */
export function typeName(t: TFunction, type: string): string {
  return t(`teamActivity.types.${type}`, { defaultValue: spelledOut(type) });
}

/** Who acted: a member's name or email, a rule by its name, or the system. */
export function actorName(t: TFunction, entry: TeamActivityEntry): string {
  if (entry.actorKind === 'rule') return t('teamActivity.rule', { name: entry.actorName ?? '' });
  if (entry.actorKind === 'system' && !entry.actorUserId) return t('teamActivity.system');
  return entry.actorName || entry.actorEmail || '';
}

/** Fields whose former value is not shown: a secret, or a text or list too long for a line. */
const SECRET_FIELDS = new Set(['imapPassword', 'smtpPassword', 'body', 'htmlBody', 'conditions', 'actions']);

function shownValue(t: TFunction, value: unknown): string | null {
  if (typeof value === 'boolean') return t(value ? 'teamActivity.yes' : 'teamActivity.no');
  if (value === null || value === undefined || value === '') return t('teamActivity.none');
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return null;
}

/** The fields an update changed, each with its former value when it is not a secret or a long text. */
export function changedFields(t: TFunction, entry: TeamActivityEntry): string {
  const { changed = [], previous = {} } = entry.details;
  return changed
    .map((field) => {
      const name = t(`teamActivity.fields.${field}`, { defaultValue: field });
      const before = SECRET_FIELDS.has(field) ? null : shownValue(t, previous[field]);
      return before === null ? name : t('teamActivity.was', { field: name, value: before });
    })
    .join(', ');
}

/** The entry in words: what changed, with the names it carries (times in the interface's language). */
export function describeEntry(t: TFunction, entry: TeamActivityEntry, language?: string): string {
  const d = entry.details;
  const time = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString(language) : '');
  const member = d.memberName || d.memberEmail || d.memberId || '';
  const values: Record<string, string> = {
    name: String(d.assignedToName ?? d.assignedTo ?? ''),
    label: String(d.labelName ?? ''),
    team: String(d.teamName ?? ''),
    member: String(member),
    role: String(d.role ?? ''),
    previousRole: String(d.previousRole ?? ''),
    email: String(d.email ?? ''),
    fromEmail: String(d.fromEmail ?? ''),
    imapHost: String(d.imapHost ?? ''),
    smtpHost: String(d.smtpHost ?? ''),
    template: String(d.templateName ?? ''),
    rule: String(d.ruleName ?? ''),
    subject: String(d.subject ?? ''),
    to: (d.to ?? []).join(', '),
    status:
      (entry.type === 'REPLY_SENT' || entry.type === 'EMAIL_FORWARDED' || entry.type === 'EMAIL_COMPOSED') && d.status
        ? t(`teamActivity.replyStatus.${d.status}`, { error: d.error ?? '', scheduledFor: time(d.scheduledFor) })
        : String(d.status ?? ''),
    previousStatus: String(d.previousStatus ?? ''),
    priority: String(d.priority ?? ''),
    previousPriority: String(d.previousPriority ?? ''),
    fields: changedFields(t, entry),
    count: String(d.emailIds?.length ?? 0),
    conversation: d.conversationId ? `…${d.conversationId.slice(-8)}` : '',
    until: time(d.until),
    scheduledFor: time(d.scheduledFor),
    reason: d.reason ? t(`teamActivity.wakeReasons.${d.reason}`, { defaultValue: d.reason }) : '',
  };
  return t(`teamActivity.entry.${entry.type}`, { ...values, defaultValue: '' });
}

/** An entry of one email's action log (GET /emails/{id}/actions) as a team activity entry of that email. */
export function fromEmailAction(emailId: string, action: EmailAction): TeamActivityEntry {
  return {
    ...action,
    actorKind: action.actor.kind,
    emailId,
    emailSubject: null,
  };
}
