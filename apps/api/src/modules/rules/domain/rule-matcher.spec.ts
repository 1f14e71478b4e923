import type { RuleCondition, RuleConditionField, RuleMatchMode, RuleOperator } from '@teaminbox/contracts';
import {
  compileRegex,
  compileRule,
  type EmailFacts,
  EmailTexts,
  groupRegexes,
  InvalidRegexError,
  matchRule,
  REGEX_SCAN_MAX_LENGTH,
  regexCostProblem,
} from './rule-matcher';

const email: EmailFacts = {
  fromEmail: 'Jana.Novak@Example.COM',
  subject: 'Invoice 2024-117 overdue',
  body: 'Hello\nplease find the INVOICE attached.\nRegards Jana',
  hasAttachment: true,
  headers: [
    { name: 'x-priority', value: '1 (Highest)' },
    { name: 'list-id', value: 'Billing <billing.example.com>' },
    { name: 'received', value: 'from mx1.example.com' },
    { name: 'received', value: 'from relay.example.net' },
  ],
};

function holds(condition: RuleCondition, facts: EmailFacts = email): boolean {
  const result = matchRule(compileRule(rule([condition])), new EmailTexts(facts));
  return result.matched;
}

const rule = (conditions: RuleCondition[], matchMode: RuleMatchMode = 'ALL') => ({
  name: 'Test',
  priority: 1,
  matchMode,
  conditions,
  actions: [],
  suppressNotifications: false,
});

const c = (field: RuleConditionField, operator: RuleOperator, value: string, headerName?: string): RuleCondition =>
  headerName === undefined ? { field, operator, value } : { field, operator, value, headerName };

/**
 * Every field with every operator: a value that holds and one that does not. Texts compare case-insensitively,
 * except REGEX, which is case-sensitive unless the pattern says (?i).
 */
const table: [RuleConditionField, RuleOperator, string, string, string?][] = [
  ['FROM_EMAIL', 'CONTAINS', 'novak@example', 'novotny@', undefined],
  ['FROM_EMAIL', 'EQUALS', 'jana.novak@example.com', 'jana@example.com', undefined],
  ['FROM_EMAIL', 'STARTS_WITH', 'JANA.', 'novak', undefined],
  ['FROM_EMAIL', 'ENDS_WITH', '@example.com', '@example.org', undefined],
  ['FROM_EMAIL', 'REGEX', '^[A-Za-z.]+@Example\\.COM$', '^[a-z.]+@example\\.com$', undefined],
  ['FROM_EMAIL', 'IN_LIST', 'boss@example.com, JANA.NOVAK@example.com ,x@y.z', 'boss@example.com,x@y.z', undefined],
  ['SUBJECT', 'CONTAINS', 'OVERDUE', 'paid', undefined],
  ['SUBJECT', 'EQUALS', '  invoice 2024-117 OVERDUE ', 'invoice 2024-117', undefined],
  ['SUBJECT', 'STARTS_WITH', 'invoice', 'overdue', undefined],
  ['SUBJECT', 'ENDS_WITH', 'Overdue', 'invoice', undefined],
  ['SUBJECT', 'REGEX', 'Invoice \\d{4}-\\d+', 'invoice \\d{4}', undefined],
  ['SUBJECT', 'IN_LIST', 'hello,invoice 2024-117 overdue', 'invoice,overdue', undefined],
  ['BODY', 'CONTAINS', 'invoice attached', 'receipt', undefined],
  ['BODY', 'EQUALS', 'hello\nplease find the invoice attached.\nregards jana', 'hello', undefined],
  ['BODY', 'STARTS_WITH', 'HELLO\n', 'please', undefined],
  ['BODY', 'ENDS_WITH', 'regards JANA', 'hello', undefined],
  ['BODY', 'REGEX', '(?i)regards jana$', 'regards jana$', undefined],
  ['BODY', 'IN_LIST', 'x, hello\nplease find the invoice attached.\nregards jana', 'hello,regards jana', undefined],
  ['HAS_ATTACHMENT', 'CONTAINS', 'tru', 'fal', undefined],
  ['HAS_ATTACHMENT', 'EQUALS', 'TRUE', 'false', undefined],
  ['HAS_ATTACHMENT', 'STARTS_WITH', 't', 'f', undefined],
  ['HAS_ATTACHMENT', 'ENDS_WITH', 'ue', 'se', undefined],
  ['HAS_ATTACHMENT', 'REGEX', '^true$', '^TRUE$', undefined],
  ['HAS_ATTACHMENT', 'IN_LIST', 'yes,true', 'false,no', undefined],
  ['HEADER', 'CONTAINS', 'highest', 'lowest', 'X-Priority'],
  ['HEADER', 'EQUALS', '1 (highest)', '1', 'x-priority'],
  ['HEADER', 'STARTS_WITH', 'billing', 'list', 'List-Id'],
  ['HEADER', 'ENDS_WITH', 'example.com>', 'example.com', 'LIST-ID'],
  ['HEADER', 'REGEX', 'relay\\.example\\.net$', 'relay\\.example\\.org$', 'Received'],
  ['HEADER', 'IN_LIST', '2,1 (Highest),3', '1,2,3', 'X-Priority'],
];

describe('rule conditions', () => {
  it.each(table)('%s %s holds for %j, not for %j', (field, operator, yes, no, headerName) => {
    expect(holds(c(field, operator, yes, headerName))).toBe(true);
    expect(holds(c(field, operator, no, headerName))).toBe(false);
  });

  it('covers every field with every operator', () => {
    const covered = new Set(table.map(([field, operator]) => `${field}/${operator}`));
    expect(covered.size).toBe(5 * 6);
  });

  it('compares a REGEX case-sensitively unless the pattern sets (?i)', () => {
    expect(holds(c('SUBJECT', 'REGEX', 'OVERDUE'))).toBe(false);
    expect(holds(c('SUBJECT', 'REGEX', '(?i)OVERDUE'))).toBe(true);
    expect(holds(c('SUBJECT', 'CONTAINS', 'oVeRdUe'))).toBe(true);
  });

  it('reads IN_LIST as comma separated items, trimmed, ignoring empty ones; an empty list holds for nothing', () => {
    expect(holds(c('FROM_EMAIL', 'IN_LIST', ' , jana.novak@example.com ,'))).toBe(true);
    expect(holds(c('FROM_EMAIL', 'IN_LIST', ''))).toBe(false);
    expect(holds(c('FROM_EMAIL', 'IN_LIST', ' , '))).toBe(false);
    expect(holds(c('FROM_EMAIL', 'IN_LIST', 'jana'))).toBe(false);
  });

  it('never holds for an absent header, whatever the operator', () => {
    for (const operator of ['CONTAINS', 'EQUALS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX', 'IN_LIST'] as const) {
      expect(holds(c('HEADER', operator, '', 'X-Mailer'))).toBe(false);
    }
  });

  it('reads HAS_ATTACHMENT as the text false for an email without attachments', () => {
    const plain = { ...email, hasAttachment: false };
    expect(holds(c('HAS_ATTACHMENT', 'EQUALS', 'false'), plain)).toBe(true);
    expect(holds(c('HAS_ATTACHMENT', 'EQUALS', 'true'), plain)).toBe(false);
  });

  it('matches accented and non-Latin text case-insensitively and by REGEX', () => {
    const czech = { ...email, subject: 'ŽÁDOST o fakturu', body: 'Příliš žluťoučký kůň' };
    expect(holds(c('SUBJECT', 'CONTAINS', 'žádost'), czech)).toBe(true);
    expect(holds(c('BODY', 'REGEX', 'žluťoučký kůň$'), czech)).toBe(true);
    expect(holds(c('BODY', 'REGEX', '^P.íliš'), czech)).toBe(true);
  });
});

describe('match modes', () => {
  const yes = c('SUBJECT', 'CONTAINS', 'invoice');
  const no = c('SUBJECT', 'CONTAINS', 'newsletter');
  const match = (conditions: RuleCondition[], mode: RuleMatchMode) =>
    matchRule(compileRule(rule(conditions, mode)), new EmailTexts(email));

  it('ALL needs every condition, ANY one of them', () => {
    expect(match([yes, yes], 'ALL').matched).toBe(true);
    expect(match([yes, no], 'ALL').matched).toBe(false);
    expect(match([yes, no], 'ANY').matched).toBe(true);
    expect(match([no, no], 'ANY').matched).toBe(false);
  });

  it('a rule without conditions matches every email, in both modes', () => {
    expect(match([], 'ALL').matched).toBe(true);
    expect(match([], 'ANY').matched).toBe(true);
  });

  it('explains a match: every condition with whether it held', () => {
    expect(match([no, yes], 'ANY')).toEqual({
      matched: true,
      conditions: [
        { ...no, held: false },
        { ...yes, held: true },
      ],
    });
    expect(match([yes, no], 'ALL')).toEqual({ matched: false, conditions: [] });
  });
});

describe('regular expressions', () => {
  it('runs the regular expressions of one field together, with the same results as one by one', () => {
    const patterns: [RuleConditionField, string, string?][] = [
      ['SUBJECT', '^Invoice \\d{4}-1\\d\\d'],
      ['SUBJECT', 'overdue$'],
      ['SUBJECT', 'OVERDUE'],
      ['SUBJECT', '(?i)OVERDUE'],
      ['SUBJECT', 'a/b'],
      ['BODY', '(?i)^please find'],
      ['BODY', '(?m)^please find'],
      ['BODY', 'žluťoučký kůň$'],
      ['BODY', '(a+)+$'],
      ['HEADER', 'relay\\.example\\.net$', 'Received'],
      ['HEADER', '^from mx\\d', 'received'],
      ['HEADER', 'Highest', 'X-Priority'],
      ['FROM_EMAIL', '@example\\.com$'],
    ];
    const rules = patterns.map(([field, value, header]) => rule([c(field, 'REGEX', value, header)]));
    // Mixed with conditions of other operators, in ALL and ANY rules.
    rules.push(rule([c('SUBJECT', 'CONTAINS', 'invoice'), c('SUBJECT', 'REGEX', '\\d+ overdue')], 'ALL'));
    rules.push(rule([c('BODY', 'REGEX', 'nothing here'), c('BODY', 'REGEX', '(?i)regards')], 'ANY'));
    const one = rules.map((r) => compileRule(r));
    const grouped = groupRegexes(one);
    const emails: EmailFacts[] = [
      email,
      { ...email, subject: 'invoice 2024-117 OVERDUE a/b', body: 'Příliš žluťoučký kůň', headers: [] },
      { ...email, subject: '', body: 'a'.repeat(100_000) + '!', fromEmail: 'x@example.org' },
      { ...email, body: 'x\nplease find it\nREGARDS' },
    ];
    let held = 0;
    for (const facts of emails) {
      const alone = one.map((compiled) => matchRule(compiled, new EmailTexts(facts)));
      const texts = new EmailTexts(facts);
      expect(grouped.map((compiled) => matchRule(compiled, texts))).toEqual(alone);
      held += alone.filter((result) => result.matched).length;
    }
    // Not a vacuous comparison: some rules match, some do not.
    expect(held).toBeGreaterThan(10);
    expect(held).toBeLessThan(emails.length * rules.length - 10);
  });

  it('refuses what RE2 cannot run in linear time or at all, with the reason', () => {
    expect(() => compileRegex('(?=lookahead)')).toThrow(InvalidRegexError);
    expect(() => compileRegex('(a)\\1')).toThrow(InvalidRegexError);
    expect(() => compileRegex('([unclosed')).toThrow(InvalidRegexError);
    expect(() => compileRegex('((a{1000}){1000}){1000}')).toThrow(InvalidRegexError);
  });

  it('weighs a pattern by its counted repetitions, unrolled, nested counts multiplied', () => {
    for (const fine of [
      '^invoice [0-9]+$',
      'INV-\\d{4}',
      '(ab){50}',
      '(a{10}){10}',
      '[a-z]{2,100}',
      'x{3,}',
      '(?i)foo|bar',
    ])
      expect(regexCostProblem(fine)).toBeNull();
    expect(regexCostProblem('a[ab]{1000}x')).toBe('a repetition may be counted at most 100 times ({1000})');
    expect(regexCostProblem('a{2,101}')).toMatch(/at most 100 times/);
    expect(regexCostProblem('(a[ab]{80}){80}')).toMatch(/too large once its repetitions are unrolled/);
    expect(regexCostProblem(Array.from({ length: 60 }, (_, i) => `x${i}[ab]{100}`).join('|'))).toMatch(/too large/);
    // Escapes, classes and flags are single atoms; braces that are no repetition count as characters.
    expect(regexCostProblem('\\{1000\\}[{}]{5}(?:a){3}\\p{Greek}{4}')).toBeNull();
  });

  it('scans the first 64 Ki characters of a field with a regular expression, the whole field otherwise', () => {
    const body = 'x'.repeat(REGEX_SCAN_MAX_LENGTH) + 'needle';
    expect(holds(c('BODY', 'REGEX', 'needle'), { ...email, body })).toBe(false);
    expect(holds(c('BODY', 'REGEX', 'x$'), { ...email, body })).toBe(true);
    expect(holds(c('BODY', 'CONTAINS', 'needle'), { ...email, body })).toBe(true);
    expect(holds(c('BODY', 'ENDS_WITH', 'needle'), { ...email, body })).toBe(true);
  });

  it('runs a catastrophic pattern against the whole scanned prefix in milliseconds', () => {
    const body = 'a'.repeat(REGEX_SCAN_MAX_LENGTH - 1) + '!';
    const started = process.hrtime.bigint();
    const result = holds(c('BODY', 'REGEX', '(a+)+$'), { ...email, body });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(result).toBe(false);
    // A backtracking engine does not finish this in any reasonable time; RE2 takes a few milliseconds.
    expect(ms).toBeLessThan(500);
  });
});
