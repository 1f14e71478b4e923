import type {
  RuleCondition,
  RuleConditionField,
  RuleConditionResult,
  RuleDefinition,
  RuleMatchMode,
} from '@teaminbox/contracts';
import RE2 from 're2';

/** What the conditions read of an email. Texts are taken as they are; the matcher lowercases once, on demand. */
export interface EmailFacts {
  fromEmail: string;
  subject: string;
  /** The plain-text body (the HTML's text when the message has no text part). */
  body: string;
  /** True when the email has an attachment that is not shown inside the body. */
  hasAttachment: boolean;
  /** Header lines, names lowercase; a header may occur more than once. */
  headers: readonly { name: string; value: string }[];
}

/**
 * The longest prefix of a field that a regular expression scans (64 Ki characters): a pattern's cost grows with the
 * text, so it is bounded. The plain operators (contains, equals, starts/ends with, in list) read the whole field.
 */
export const REGEX_SCAN_MAX_LENGTH = 65_536;

/** The largest count a repetition (`{n}`, `{n,}`, `{n,m}`) of a saved pattern may name. */
export const REGEX_MAX_REPETITION = 100;

/**
 * The largest size of a saved pattern once its counted repetitions are unrolled (what RE2's compiled program grows
 * with): `(ab){50}` weighs 100, `(a{10}){10}` 100, an alternation the sum of its branches.
 */
export const REGEX_MAX_EXPANDED_SIZE = 5_000;

export class InvalidRegexError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`Invalid regular expression '${pattern}': ${reason}`);
    this.name = 'InvalidRegexError';
  }
}

/**
 * Compiles a pattern with RE2: linear time in the input whatever the pattern (no backtracking), and RE2 refuses a
 * pattern whose compiled program is too large. JavaScript features RE2 has not (look-around, back-references)
 * are refused too. Case-sensitive unless the pattern sets (?i).
 */
export function compileRegex(pattern: string): RE2 {
  try {
    return new RE2(pattern, 'u');
  } catch (error) {
    throw new InvalidRegexError(pattern, (error as Error).message.replace(/^Invalid regular expression: /, ''));
  }
}

class RegexTooCostly extends Error {}

/**
 * Why a pattern would cost too much to run on incoming mail, or null: a counted repetition above
 * REGEX_MAX_REPETITION, or a pattern larger than REGEX_MAX_EXPANDED_SIZE once its counted repetitions are unrolled
 * (nested counts multiply, the branches of an alternation add up). RE2 stays linear in the text whatever the pattern,
 * but counted repetitions make its automaton large enough to fall back to its slow engine (`a[ab]{1000}x` takes
 * seconds on a large body). Checked when a rule is saved; rules saved before still run, on their budget.
 */
export function regexCostProblem(pattern: string): string | null {
  let at = 0;
  const counted = /^\{(\d+)(?:,(\d*))?\}/;
  const skipTo = (closing: string) => {
    const end = pattern.indexOf(closing, at);
    at = end < 0 ? pattern.length : end + closing.length;
  };
  const atom = (): number => {
    const c = pattern[at];
    if (c === '\\') {
      at += 2;
      if ('pPx'.includes(pattern[at - 1]) && pattern[at] === '{') skipTo('}');
      return 1;
    }
    if (c === '[') {
      at++;
      if (pattern[at] === '^') at++;
      if (pattern[at] === ']') at++;
      while (at < pattern.length && pattern[at] !== ']') {
        if (pattern[at] === '\\') at += 2;
        else if (pattern.startsWith('[:', at)) skipTo(':]');
        else at++;
      }
      at++;
      return 1;
    }
    if (c === '(') {
      at++;
      let flagsOnly = false;
      if (pattern[at] === '?') {
        const header = /^\?(?:P?<[^>]*>|[a-zA-Z-]*:|[a-zA-Z-]*\))/.exec(pattern.slice(at));
        flagsOnly = !!header && header[0].endsWith(')');
        at += header ? header[0].length : 1;
        if (flagsOnly) return 0;
      }
      const size = alternation();
      at++;
      return size;
    }
    at++;
    return 1;
  };
  const bounded = (size: number) => {
    if (size > REGEX_MAX_EXPANDED_SIZE)
      throw new RegexTooCostly(
        `the pattern is too large once its repetitions are unrolled (more than ${REGEX_MAX_EXPANDED_SIZE} characters)`,
      );
    return size;
  };
  const alternation = (): number => {
    let total = 0;
    for (;;) {
      total = bounded(total + sequence());
      if (pattern[at] !== '|') return total;
      at++;
    }
  };
  const sequence = (): number => {
    let size = 0;
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      let weight = atom();
      for (;;) {
        if ('*+?'.includes(pattern[at] ?? '.')) {
          at++;
          continue;
        }
        const repetition = counted.exec(pattern.slice(at));
        if (!repetition) break;
        const count = Math.max(Number(repetition[1]), repetition[2] ? Number(repetition[2]) : 0);
        if (count > REGEX_MAX_REPETITION)
          throw new RegexTooCostly(
            `a repetition may be counted at most ${REGEX_MAX_REPETITION} times (${repetition[0]})`,
          );
        weight *= Math.max(count, 1);
        at += repetition[0].length;
      }
      size = bounded(size + weight);
    }
    return size;
  };
  try {
    while (at < pattern.length) {
      alternation();
      if (pattern[at] === ')') at++;
    }
    return null;
  } catch (error) {
    if (error instanceof RegexTooCostly) return error.message;
    throw error;
  }
}

type Test = (text: FieldText) => boolean;

/**
 * One field's text of one email, with its lowercase form, the UTF-8 bytes of the prefix regular expressions scan and
 * regex group hits made on first use.
 */
class FieldText {
  private lowered: string | undefined;
  private bytes: Buffer | undefined;
  private groupHits: Map<RegexGroup, ReadonlySet<number>> | undefined;
  constructor(readonly raw: string) {}
  get lower(): string {
    return (this.lowered ??= this.raw.toLowerCase());
  }
  /** What a regular expression scans: the field's first REGEX_SCAN_MAX_LENGTH characters, as UTF-8. */
  get utf8(): Buffer {
    return (this.bytes ??= Buffer.from(
      this.raw.length > REGEX_SCAN_MAX_LENGTH ? this.raw.slice(0, REGEX_SCAN_MAX_LENGTH) : this.raw,
      'utf8',
    ));
  }
  /** Which patterns of the group match this text (one scan for the whole group). */
  hitsOf(group: RegexGroup): ReadonlySet<number> {
    let hits = this.groupHits?.get(group);
    if (!hits) {
      hits = group.run(this.utf8);
      (this.groupHits ??= new Map()).set(group, hits);
    }
    return hits;
  }
}

/**
 * The REGEX conditions of one field across a team's rules, run as one RE2.Set: one scan of the text tells which of
 * them match, instead of one scan per pattern. Same patterns, same flags, same (unanchored) search as one by one.
 * Should RE2 run out of memory on a text, the patterns run one by one on it.
 */
class RegexGroup {
  private readonly set: InstanceType<typeof RE2.Set>;
  constructor(
    patterns: readonly string[],
    private readonly regexes: readonly RE2[],
  ) {
    this.set = new RE2.Set(patterns, 'u');
  }
  run(bytes: Buffer): ReadonlySet<number> {
    try {
      return new Set(this.set.match(bytes));
    } catch {
      return new Set(this.regexes.flatMap((regex, index) => (regex.test(bytes) ? [index] : [])));
    }
  }
}

function textTest(condition: RuleCondition): Test {
  const value = condition.value.toLowerCase();
  switch (condition.operator) {
    case 'CONTAINS':
      return (text) => text.lower.includes(value);
    case 'EQUALS': {
      const wanted = value.trim();
      return (text) => text.lower.trim() === wanted;
    }
    case 'STARTS_WITH':
      return (text) => text.lower.startsWith(value);
    case 'ENDS_WITH':
      return (text) => text.lower.endsWith(value);
    case 'IN_LIST': {
      const items = new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      );
      return (text) => items.has(text.lower.trim());
    }
    case 'REGEX': {
      const regex = compileRegex(condition.value);
      // Bytes rather than a string: the string would be converted to UTF-8 on every test.
      return Object.assign((text: FieldText) => regex.test(text.utf8), { regex });
    }
  }
}

/** A rule's conditions ready to run against many emails (regular expressions compiled once). */
export interface CompiledRule<R extends RuleDefinition = RuleDefinition> {
  readonly rule: R;
  readonly tests: readonly Test[];
}

export function compileRule<R extends RuleDefinition>(rule: R): CompiledRule<R> {
  return { rule, tests: rule.conditions.map(textTest) };
}

const fieldKey = (condition: RuleCondition) =>
  condition.field === 'HEADER' ? `header:${(condition.headerName ?? '').toLowerCase()}` : condition.field;

/**
 * The same rules with the REGEX conditions of each field grouped (see RegexGroup): a field that two or more
 * conditions search with a regular expression is scanned once per email. Matching results are unchanged; a group
 * RE2 cannot build (its program too large) leaves those conditions one by one.
 */
export function groupRegexes<R extends RuleDefinition>(rules: readonly CompiledRule<R>[]): CompiledRule<R>[] {
  const byField = new Map<string, { rule: number; condition: number; pattern: string; regex: RE2 }[]>();
  rules.forEach((compiled, rule) =>
    compiled.tests.forEach((test, condition) => {
      const regex = (test as Test & { regex?: RE2 }).regex;
      if (!regex) return;
      const { value: pattern } = compiled.rule.conditions[condition];
      const key = fieldKey(compiled.rule.conditions[condition]);
      byField.set(key, [...(byField.get(key) ?? []), { rule, condition, pattern, regex }]);
    }),
  );
  const tests = rules.map((compiled) => [...compiled.tests]);
  for (const members of byField.values()) {
    if (members.length < 2) continue;
    let group: RegexGroup;
    try {
      group = new RegexGroup(
        members.map((member) => member.pattern),
        members.map((member) => member.regex),
      );
    } catch {
      continue;
    }
    members.forEach((member, index) => {
      tests[member.rule][member.condition] = (text) => text.hitsOf(group).has(index);
    });
  }
  return rules.map((compiled, index) => ({ rule: compiled.rule, tests: tests[index] }));
}

/** Lazily built field texts of one email. */
export class EmailTexts {
  private readonly fields = new Map<string, FieldText[]>();
  constructor(private readonly email: EmailFacts) {}

  /** The texts a condition compares: one for a field, one per occurrence for a header (none when absent). */
  of(condition: RuleCondition): FieldText[] {
    const key = fieldKey(condition);
    let texts = this.fields.get(key);
    if (!texts) {
      texts = this.read(condition.field, condition.headerName).map((text) => new FieldText(text));
      this.fields.set(key, texts);
    }
    return texts;
  }

  private read(field: RuleConditionField, headerName: string | undefined): string[] {
    switch (field) {
      case 'FROM_EMAIL':
        return [this.email.fromEmail];
      case 'SUBJECT':
        return [this.email.subject];
      case 'BODY':
        return [this.email.body];
      case 'HAS_ATTACHMENT':
        return [String(this.email.hasAttachment)];
      case 'HEADER': {
        const name = (headerName ?? '').toLowerCase();
        return this.email.headers.filter((header) => header.name === name).map((header) => header.value);
      }
    }
  }
}

export interface RuleMatch {
  matched: boolean;
  /** Every condition with whether it held (all of them are evaluated once the rule matched). */
  conditions: RuleConditionResult[];
}

const holds = (test: Test, texts: FieldText[]) => texts.some(test);

/**
 * Whether a rule matches an email. ALL: every condition holds; ANY: at least one does; a rule without conditions
 * matches every email. A HEADER condition holds when one occurrence of the header satisfies it, never when the
 * header is absent. HAS_ATTACHMENT compares the text 'true' or 'false'.
 */
export function matchRule(compiled: CompiledRule, texts: EmailTexts): RuleMatch {
  const { conditions, matchMode } = compiled.rule;
  const results: (boolean | undefined)[] = [];
  const held = (index: number) => (results[index] ??= holds(compiled.tests[index], texts.of(conditions[index])));
  const matched = matches(matchMode, conditions.length, held);
  if (!matched) return { matched, conditions: [] };
  return { matched, conditions: conditions.map((condition, index) => ({ ...condition, held: held(index) })) };
}

function matches(mode: RuleMatchMode, count: number, held: (index: number) => boolean): boolean {
  if (count === 0) return true;
  for (let index = 0; index < count; index++) {
    if (mode === 'ANY' && held(index)) return true;
    if (mode === 'ALL' && !held(index)) return false;
  }
  return mode === 'ALL';
}
