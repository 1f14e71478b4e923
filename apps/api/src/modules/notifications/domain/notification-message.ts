import {
  DEFAULT_NOTIFICATION_MESSAGES_BY_LANGUAGE,
  NOTIFICATION_TITLES,
  type NotificationType,
  type UserLanguage,
} from '@teaminbox/contracts';

/** What a message may name: {subject} and {sender} (new emails), {taskName} (assignments), {emailSubject} (comments). */
export interface MessageValues {
  subject: string;
  sender: string;
  taskName: string;
  emailSubject: string;
}

export const MESSAGE_MAX_LENGTH = 1_000;

const NO_SUBJECT: Record<UserLanguage, string> = { en: '(no subject)', cs: '(bez předmětu)' };
const PLACEHOLDER = /\{(subject|sender|taskName|emailSubject)\}/g;

/** One line of text: control characters become spaces, runs of spaces one space. */
function oneLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Fills the placeholders of a message. Every placeholder is known for every type (an assignment's {taskName} and a
 * comment's {emailSubject} are both the email's subject), so a custom message may use any of them; anything else
 * in braces stays as written. Values are inserted once (a subject containing '{sender}' is not expanded again).
 */
export function fillMessage(template: string, values: MessageValues): string {
  const filled = template.replace(PLACEHOLDER, (_match, key: keyof MessageValues) => values[key]);
  const line = oneLine(filled);
  return line.length > MESSAGE_MAX_LENGTH ? `${line.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : line;
}

/** The values of an email: its subject (or "(no subject)") and its sender's name, else address. */
export function emailValues(
  email: { subject: string; fromName: string | null; fromEmail: string },
  language: UserLanguage,
): MessageValues {
  const subject = oneLine(email.subject) || NO_SUBJECT[language];
  const sender = oneLine(email.fromName ?? '') || oneLine(email.fromEmail);
  return { subject, sender, taskName: subject, emailSubject: subject };
}

/** The texts of a returned task (a snoozed email woken at its time, a reply's reminder without an answer). */
export const RETURNED_TASK_TEXTS: Readonly<Record<UserLanguage, { title: string; time: string; reminder: string }>> = {
  en: {
    title: 'Back in your inbox',
    time: 'Snoozed e-mail is back: {taskName}',
    reminder: 'No answer yet: {taskName}',
  },
  cs: {
    title: 'Zpět ve schránce',
    time: 'Odložený e-mail je zpět: {taskName}',
    reminder: 'Zatím bez odpovědi: {taskName}',
  },
};

export function returnedTaskText(
  reason: 'time' | 'reminder',
  language: UserLanguage,
  values: MessageValues,
): { title: string; message: string } {
  const texts = RETURNED_TASK_TEXTS[language];
  return { title: texts.title, message: fillMessage(texts[reason], values) };
}

/** The title and message of a notification: the user's custom message when set, else the default in their language. */
export function notificationText(
  type: NotificationType,
  customMessage: string | null,
  language: UserLanguage,
  values: MessageValues,
): { title: string; message: string } {
  const template = customMessage?.trim() ? customMessage : DEFAULT_NOTIFICATION_MESSAGES_BY_LANGUAGE[language][type];
  return { title: NOTIFICATION_TITLES[language][type], message: fillMessage(template, values) };
}
