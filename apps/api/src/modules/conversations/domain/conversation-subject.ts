import { createHash } from 'node:crypto';

/**
 * The reply and forward prefixes mail programs put before a subject, in the languages our teams' customers write
 * (compared without case): English (Re, Fw, Fwd), German (AW, WG, Antw, Antwort), Czech and Polish (Odp, PD, Fwd),
 * Scandinavian (Sv, Vs, Vb, Vl, Fs), Dutch (Antw, Doorst), French (Réf, Tr, Transf), Italian (Rif, I), Spanish and
 * Portuguese (Rv, Res, Enc), Turkish (Ynt, Ilt), Chinese (回复, 答复, 转发, 回覆, 轉寄).
 */
const PREFIXES = [
  're',
  'fw',
  'fwd',
  'aw',
  'wg',
  'antw',
  'antwort',
  'odp',
  'pd',
  'sv',
  'vs',
  'vb',
  'vl',
  'fs',
  'doorst',
  'réf',
  'ref',
  'tr',
  'transf',
  'rif',
  'rv',
  'res',
  'enc',
  'ynt',
  'ilt',
  '回复',
  '答复',
  '转发',
  '回覆',
  '轉寄',
];

/**
 * One leading prefix: a known word with an optional count (`Re[2]:`, `Re(2):`, `Re^2:`) or dot (`Odp.:`) and a colon
 * (ASCII or full-width), or a bracketed tag (`[support]`, `[Ticket #12]`: mailing lists and trackers add them).
 */
const LEADING = new RegExp(
  `^(?:(?:${PREFIXES.join('|')})\\s*(?:\\[\\d+\\]|\\(\\d+\\)|\\^\\d+)?\\s*\\.?\\s*[:：]|\\[[^\\]]*\\])\\s*`,
  'iu',
);

/**
 * The subject a conversation is recognised by: Unicode-normalised (NFKC), leading reply/forward prefixes and
 * bracketed tags removed however often they repeat (`Re: Fwd: RE[2]: [list] Re: x` is `x`), whitespace runs as one
 * space, trimmed, lower case. Empty when nothing is left (such an email joins no conversation by its subject).
 */
export function normaliseSubject(subject: string | null | undefined): string {
  let rest = (subject ?? '').normalize('NFKC').replace(/\s+/gu, ' ').trim();
  for (;;) {
    const prefix = LEADING.exec(rest);
    if (!prefix || prefix[0].length === 0) break;
    rest = rest.slice(prefix[0].length);
  }
  return rest.toLowerCase().trim();
}

/** A plain mailbox address, trimmed and lower case; null for anything else (e.g. "[erased]", an empty sender). */
export function participantAddress(address: string | null | undefined): string | null {
  const normalised = (address ?? '').trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/u.test(normalised) ? normalised : null;
}

/**
 * What an email is recognised by when it names no known message: its normalised subject and its external participant
 * (the sender, when it is not one of the team's own addresses), hashed, so the read model keeps no personal data in
 * clear. Null when there is no subject or no external participant.
 */
export function subjectKeyOf(
  subject: string | null | undefined,
  sender: string | null | undefined,
  ownAddresses: ReadonlySet<string>,
): string | null {
  const normalised = normaliseSubject(subject);
  const participant = participantAddress(sender);
  if (!normalised || !participant || ownAddresses.has(participant)) return null;
  return createHash('sha256').update(`${participant}\n${normalised}`).digest('hex');
}
