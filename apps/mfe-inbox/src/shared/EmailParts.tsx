import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Email } from '@teaminbox/contracts';
import { emailFrameDocument } from '../features/email-detail/email-frame';

const FRAME_MIN_HEIGHT = 200;
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/**
 * An email's server-sanitized HTML in a sandboxed frame (no scripts, no same-origin access, CSP inside), or its
 * plain text when it has no HTML. Never rendered into the app's own document.
 */
export function EmailBody({
  email,
  allowRemoteImages = false,
  height,
  testId,
}: {
  email: Pick<Email, 'subject' | 'body' | 'htmlBody'>;
  allowRemoteImages?: boolean;
  height?: CSSProperties['height'];
  testId?: string;
}) {
  // Built once per body and setting: re-rendering the page must not rebuild (or reload) the frame.
  const frameDocument = useMemo(
    () => (email.htmlBody ? emailFrameDocument(email.htmlBody, window.location.origin, allowRemoteImages) : null),
    [email.htmlBody, allowRemoteImages],
  );
  if (!frameDocument) {
    return (
      <div style={{ whiteSpace: 'pre-wrap' }} data-testid={testId ? `${testId}-text` : undefined}>
        {email.body}
      </div>
    );
  }
  return (
    <iframe
      title={email.subject}
      sandbox={SANDBOX}
      srcDoc={frameDocument}
      style={{ width: '100%', minHeight: FRAME_MIN_HEIGHT, height, border: 0 }}
      data-testid={testId ? `${testId}-frame` : undefined}
    />
  );
}

/** From, to, cc, date, priority and status of an email, with the labels of an i18n namespace that has those keys. */
export function EmailMeta({
  email,
  ns,
  hideEmptyCc = false,
  testId,
}: {
  email: Pick<Email, 'fromEmail' | 'to' | 'cc' | 'receivedAt' | 'priority' | 'status'> & {
    dateHeader?: string | null;
    /** A message the team sent: its blind copies (shown when there are any). */
    bcc?: string[];
  };
  ns: 'emailDetail' | 'myTasks';
  hideEmptyCc?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('inbox');
  const rows: [string, string][] = [
    ['from', email.fromEmail],
    ['to', email.to.join(', ')],
    ...(hideEmptyCc && email.cc.length === 0 ? [] : ([['cc', email.cc.join(', ')]] as [string, string][])),
    ...(email.bcc?.length ? ([['bcc', email.bcc.join(', ')]] as [string, string][]) : []),
    ['date', new Date(email.receivedAt).toLocaleString()],
    // The detail shows a Date header the server's date replaced (see docs/mail.md, "Limits").
    ...(email.dateHeader ? ([['dateHeader', email.dateHeader]] as [string, string][]) : []),
    ['priority', email.priority.toLowerCase()],
    ['status', email.status.toLowerCase()],
  ];
  return (
    <dl
      className="m-0 mb-3"
      style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}
      data-testid={testId}
    >
      {rows.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt className="font-semibold">{t(`${ns}.${key}`)}</dt>
          <dd className="m-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
