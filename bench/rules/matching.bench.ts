/**
 * Rule matching on a budget: what matching in worker processes costs next to matching in the API's process, and what
 * a team's costly rule costs with the budget.
 *
 *   npm run bench:rule-matching      (BENCH_EMAILS typical emails, default 2,000; BENCH_ROUNDS, default 3)
 *
 * 1. Typical: 20 rules (CONTAINS, EQUALS, IN_LIST, REGEX on the sender, subject and body) on emails of ~4 KiB, matched
 *    in process (`matchRules`, the baseline, as the engine did before) and through `RuleMatchingPool.match` (worker
 *    processes, 50 emails a task), interleaved, BENCH_ROUNDS rounds each. Figures: ms per email, and the ratio.
 * 2. Costly: one rule of 20 REGEX conditions `a[ab]{1000}x` on 20 emails of 512 KiB of random a/b, through the pool
 *    with the production budgets (500 ms a rule on an email, 5 s a team's batch); the baseline is one such email
 *    matched in process. Figures: the batch's time, ms per email, and the longest stall of the main event loop
 *    (monitorEventLoopDelay) meanwhile.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Rule, RuleCondition } from '@teaminbox/contracts';
import type { EmailFacts } from '../../apps/api/src/modules/rules/domain/rule-matcher';
import { compileRules, matchRules } from '../../apps/api/src/modules/rules/domain/rules-engine';
import { RuleMatchingPool } from '../../apps/api/src/modules/rules/infrastructure/rule-matching.pool';
import { randomAb, THRASHING_PATTERN } from '../../apps/api/test/rules/costly-patterns';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The costly part: how many emails, of how many KiB. */
const COSTLY_EMAILS = Number(process.env.BENCH_COSTLY_EMAILS ?? 20);
const COSTLY_KIB = Number(process.env.BENCH_COSTLY_KIB ?? 512);

const rule = (id: number, conditions: RuleCondition[], matchMode: 'ALL' | 'ANY' = 'ALL'): Rule => ({
  id: `00000000-0000-7000-8000-${String(id).padStart(12, '0')}`,
  name: `Rule ${id}`,
  enabled: true,
  priority: id,
  matchMode,
  conditions,
  actions: [{ type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false }],
  suppressNotifications: false,
});

function typicalRules(): Rule[] {
  const rules: Rule[] = [];
  for (let i = 0; i < 20; i++) {
    const kind = i % 5;
    if (kind === 0) rules.push(rule(i, [{ field: 'SUBJECT', operator: 'CONTAINS', value: `urgent ${i}` }]));
    if (kind === 1) rules.push(rule(i, [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: `@customer${i}.com` }]));
    if (kind === 2)
      rules.push(rule(i, [{ field: 'BODY', operator: 'REGEX', value: `(?i)invoice\\s+INV-${i}\\d{3}` }], 'ANY'));
    if (kind === 3)
      rules.push(rule(i, [{ field: 'FROM_EMAIL', operator: 'IN_LIST', value: `a${i}@x.com, b${i}@y.com` }]));
    if (kind === 4)
      rules.push(
        rule(i, [
          { field: 'SUBJECT', operator: 'REGEX', value: `^(Re: )?Order #\\d+ ${i}` },
          { field: 'BODY', operator: 'CONTAINS', value: 'tracking number' },
        ]),
      );
  }
  return rules;
}

function typicalEmails(count: number): EmailFacts[] {
  const words = 'hello order invoice please tracking number thanks regards shipment delivery question'.split(' ');
  return Array.from({ length: count }, (_, n) => ({
    fromEmail: `person${n}@customer${n % 25}.com`,
    subject: n % 7 === 0 ? `Re: Order #${n} ${n % 20}` : `Question ${n} urgent ${n % 30}`,
    body: Array.from({ length: 700 }, (_, w) => words[(n * 7 + w) % words.length]).join(' ') + ` INV-${n % 20}123`,
    hasAttachment: n % 3 === 0,
    headers: [],
  }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus()[0]?.model} x${cpus().length}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const pool = new RuleMatchingPool();
  try {
    const rules = typicalRules();
    const emails = typicalEmails(EMAILS);
    await pool.match('warm-up', rules, emails.slice(0, 200));
    const inProcess: number[] = [];
    const inWorkers: number[] = [];
    const matched = [0, 0];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      const compiled = compileRules(rules);
      matched[0] = emails.reduce((sum, email) => sum + matchRules(compiled, email).length, 0);
      inProcess.push((performance.now() - started) / emails.length);
      started = performance.now();
      const results = await pool.match('bench', rules, emails);
      matched[1] = results.reduce((sum, result) => sum + result.matched.length, 0);
      inWorkers.push((performance.now() - started) / emails.length);
    }
    if (matched[0] !== matched[1]) throw new Error(`the pool matched ${matched[1]} rules, in process ${matched[0]}`);
    console.log(`typical: ${EMAILS} emails x ${rules.length} rules, ${matched[0]} matches, ${ROUNDS} rounds`);
    console.log(`  in process (baseline) ${median(inProcess).toFixed(3)} ms/email`);
    console.log(`  worker processes      ${median(inWorkers).toFixed(3)} ms/email`);
    console.log(`  ratio (workers / in process) ${(median(inWorkers) / median(inProcess)).toFixed(2)}`);

    const costly = [
      rule(
        1,
        Array.from({ length: 20 }, () => ({
          field: 'BODY' as const,
          operator: 'REGEX' as const,
          value: THRASHING_PATTERN,
        })),
        'ANY',
      ),
    ];
    const big = Array.from({ length: COSTLY_EMAILS }, (_, n) => ({
      ...typicalEmails(1)[0],
      body: randomAb(COSTLY_KIB * 1024, n + 1),
    }));
    let started = performance.now();
    matchRules(compileRules(costly), big[0]);
    const oneInProcess = performance.now() - started;
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    started = performance.now();
    const results = await pool.match('costly', costly, big);
    const batch = performance.now() - started;
    stalls.disable();
    const tooSlow = results.filter((result) => result.tooSlow.length > 0).length;
    console.log(`costly: 1 rule of 20 x a[ab]{1000}x, ${COSTLY_EMAILS} emails of ${COSTLY_KIB} KiB random a/b`);
    console.log(`  one email in process (baseline, main thread blocked) ${oneInProcess.toFixed(0)} ms`);
    console.log(
      `  worker processes on budget: batch ${batch.toFixed(0)} ms, ${(batch / big.length).toFixed(0)} ms/email, ` +
        `${tooSlow}/${COSTLY_EMAILS} emails with the rule too slow, longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms`,
    );
  } finally {
    await pool.onApplicationShutdown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
