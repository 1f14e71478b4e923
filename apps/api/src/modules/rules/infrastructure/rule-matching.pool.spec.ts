import type { Rule, RuleCondition } from '@teaminbox/contracts';
import { type EmailFacts } from '../domain/rule-matcher';
import { randomAb, THRASHING_ALTERNATION, THRASHING_PATTERN } from '../../../../test/rules/costly-patterns';
import { RuleMatchingPool } from './rule-matching.pool';

const rule = (id: string, conditions: RuleCondition[], name = id): Rule => ({
  id,
  name,
  enabled: true,
  priority: 1,
  matchMode: 'ALL',
  conditions,
  actions: [],
  suppressNotifications: false,
});
const email = (body: string, subject = 'Hello'): EmailFacts => ({
  fromEmail: 'customer@example.com',
  subject,
  body,
  hasAttachment: false,
  headers: [],
});
const slow: RuleCondition = { field: 'BODY', operator: 'REGEX', value: THRASHING_PATTERN };

describe('RuleMatchingPool', () => {
  jest.setTimeout(30_000);
  let pool: RuleMatchingPool;
  beforeAll(() => {
    // A team budget that no test but the one on it reaches (a stop costs a new worker process, slow on a busy machine).
    pool = new RuleMatchingPool({ workers: 2, ruleBudgetMs: 150, teamBudgetMs: 60_000 });
  });
  afterAll(() => pool.onApplicationShutdown());

  it('matches on a worker what the engine matches, rules in their order, conditions explained', async () => {
    const urgent = rule('r1', [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'urgent' }]);
    const invoice = rule('r2', [{ field: 'BODY', operator: 'REGEX', value: 'INV-\\d{4}' }]);
    const [first, second] = await pool.match(
      'team',
      [urgent, invoice],
      [email('see INV-2026', 'URGENT: pay'), email('nothing here')],
    );
    expect(first.matched.map((m) => m.rule.id)).toEqual(['r1', 'r2']);
    expect(first.matched[1].conditions).toEqual([{ ...invoice.conditions[0], held: true }]);
    expect(first.tooSlow).toEqual([]);
    expect(second).toEqual({ matched: [], tooSlow: [] });
  });

  it('stops a rule past its budget on an email, records it too slow there, and runs the other rules', async () => {
    const fast = rule('fast', [{ field: 'BODY', operator: 'CONTAINS', value: 'ab' }]);
    const heavy = rule('heavy', [slow]);
    const started = Date.now();
    const [big, small] = await pool.match('team', [heavy, fast], [email(randomAb(512 * 1024)), email('abx')]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(big.tooSlow.map((r) => r.id)).toEqual(['heavy']);
    expect(big.matched.map((m) => m.rule.id)).toEqual(['fast']);
    expect(small).toEqual({ matched: [expect.objectContaining({ rule: fast })], tooSlow: [] });
  });

  it('records every email a rule was stopped on, whatever a stopped worker still reports before it ends', async () => {
    const heavy = rule('heavy', [slow]);
    const results = await pool.match(
      'team',
      [heavy],
      [1, 2, 3].map((seed) => email(randomAb(512 * 1024, seed))),
    );
    expect(results.map((result) => result.tooSlow.map((r) => r.id))).toEqual([['heavy'], ['heavy'], ['heavy']]);
  });

  it("bounds a team's batch: past the team budget, a rule too slow before is left out of its other emails", async () => {
    const heavy = rule('heavy', [slow]);
    const body = randomAb(512 * 1024);
    const budgeted = new RuleMatchingPool({
      workers: 2,
      ruleBudgetMs: 150,
      teamBudgetMs: 600,
      reducedRuleBudgetMs: 50,
    });
    const started = Date.now();
    const results = await budgeted
      .match(
        'team',
        [heavy],
        Array.from({ length: 20 }, () => email(body)),
      )
      .finally(() => budgeted.onApplicationShutdown());
    const elapsed = Date.now() - started;
    expect(results.map((result) => [result.tooSlow.length, result.matched.length])).toEqual(results.map(() => [1, 0]));
    // Each stop costs the budget and a new worker process (~0.2 s from source): all 20 emails stopped twice would
    // take 10 s and more. The team's budget (600 ms) leaves the rule out of the emails after the first one or two.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('regular expressions scan a bounded prefix of a field, plain operators the whole field', async () => {
    const far = 'x'.repeat(70_000) + 'needle';
    const regex = rule('regex', [{ field: 'BODY', operator: 'REGEX', value: 'needle' }]);
    const contains = rule('contains', [{ field: 'BODY', operator: 'CONTAINS', value: 'needle' }]);
    const [result] = await pool.match('team', [regex, contains], [email(far)]);
    expect(result.matched.map((m) => m.rule.id)).toEqual(['contains']);
  });

  it('times a pattern on texts made to be hard for it: a plain one passes, a thrashing one is stopped', async () => {
    await expect(pool.probe('^invoice [0-9]+$')).resolves.toBe(true);
    await expect(pool.probe(THRASHING_ALTERNATION)).resolves.toBe(false);
  });
});
