/**
 * A message of a plain text part and one attachment whose content is "data", lines joined with CRLF: `headers` are the
 * message's own (From, To, Subject...), `attachment` the attachment part's.
 */
export function withAttachment(headers: string[], text: string, attachment: string[]): string {
  return [
    ...headers,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    text,
    '--b',
    ...attachment,
    '',
    'data',
    '--b--',
    '',
  ].join('\r\n');
}
