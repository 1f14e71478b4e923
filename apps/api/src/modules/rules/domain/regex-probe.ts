import { REGEX_SCAN_MAX_LENGTH } from './rule-matcher';

/**
 * Texts made to be hard for a pattern, to time it before it is saved: a regular expression's worst case on mail is
 * a long run of the very characters it looks for. One text draws at random from every literal character of the
 * pattern, and one from each bracket class of it (ranges expanded, at most 64 characters). Each text is as long as
 * the prefix a regular expression scans on mail. Deterministic: the same pattern gets the same texts.
 */
export function adversarialTexts(pattern: string, length = REGEX_SCAN_MAX_LENGTH): string[] {
  const alphabets = [literalsOf(pattern), ...classesOf(pattern)].filter((alphabet) => alphabet.length > 0);
  const distinct = [...new Set(alphabets.map((alphabet) => [...new Set(alphabet)].join('')))].slice(0, 4);
  if (distinct.length === 0) distinct.push('ab');
  let seed = 0x2f6b_3a91;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed >>> 16;
  };
  return distinct.map((alphabet) => {
    const chars = new Array<string>(length);
    for (let index = 0; index < length; index++) chars[index] = alphabet[next() % alphabet.length];
    return chars.join('');
  });
}

const SYNTAX = new Set('\\[](){}|*+?.^$'.split(''));

function literalsOf(pattern: string): string[] {
  return [...pattern.replace(/\[[^\]]*\]|\{\d+(,\d*)?\}|\(\?[^:)]*[:)]|\\./g, '')].filter((c) => !SYNTAX.has(c));
}

function classesOf(pattern: string): string[][] {
  return [...pattern.matchAll(/\[\^?([^\]]+)\]/g)].map((match) => {
    const body = match[1];
    const chars: string[] = [];
    for (let index = 0; index < body.length && chars.length < 64; index++) {
      const from = body[index];
      if (from === '\\') {
        const escaped = body[++index] ?? '';
        chars.push(
          ...(({ d: '0123456789', w: 'ab_9', s: ' \t' } as Record<string, string>)[escaped]?.split('') ?? [escaped]),
        );
      } else if (body[index + 1] === '-' && index + 2 < body.length) {
        const to = body[index + 2];
        for (let code = from.charCodeAt(0); code <= to.charCodeAt(0) && chars.length < 64; code++)
          chars.push(String.fromCharCode(code));
        index += 2;
      } else chars.push(from);
    }
    return chars;
  });
}
