import type { Email, EmailRulesExplanation, Page, TeamAuditEntry } from '@teaminbox/contracts';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { erasureKit } from '../../../../test/app/erasure-kit';
import { suiteWithApp } from '../../../../test/app/suite';
import { until } from '../../../../test/support/until';

/** The sender of the sample email. */
const SENDER = 'martina.novakova@example.com';

describe('erasure of a person a rule condition names', () => {
  const { t, sink } = suiteWithApp();
  const { call, erase } = erasureKit(t, sink);

  it("leaves the sender's address neither in the email's rule explanation nor in the rule's audit entries", async () => {
    const team = await teamWith(t, sink, []);
    const token = team.admin.token;
    await call(token, 'POST', '/api/rules', {
      name: 'Martina',
      enabled: true,
      priority: null,
      matchMode: 'ALL',
      conditions: [{ field: 'FROM_EMAIL', operator: 'EQUALS', value: SENDER }],
      actions: [{ type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false }],
      suppressNotifications: false,
    });
    await call(token, 'POST', '/api/emails/sample');
    const email = (await call<Page<Email>>(token, 'GET', '/api/emails?size=50')).content.find(
      (found) => found.fromEmail === SENDER,
    ) as Email;
    const explanation = () => call<EmailRulesExplanation>(token, 'GET', `/api/emails/${email.id}/rules`);
    const before = await until(explanation, (rules) => rules.evaluated && rules.matches.length > 0);
    expect(before.matches[0].conditions[0]).toMatchObject({ field: 'FROM_EMAIL', value: SENDER, held: true });
    const ruleEntries = async () =>
      (await call<Page<TeamAuditEntry>>(token, 'GET', `/api/team/audit?emailId=${email.id}&size=200`)).content.filter(
        (entry) => entry.type === 'EmailRuleApplied',
      );
    const applied = await until(ruleEntries, (entries) => entries.length > 0);
    expect(JSON.stringify(applied)).toContain(SENDER);

    expect((await erase(token, SENDER)).status).toBe(201);

    const after = await explanation();
    expect(after.matches[0].conditions[0]).toMatchObject({ field: 'FROM_EMAIL', value: '[erased]', held: true });
    expect(JSON.stringify(after)).not.toContain(SENDER);
    const erasedEntries = await ruleEntries();
    expect(erasedEntries).toHaveLength(applied.length);
    expect(JSON.stringify(erasedEntries)).not.toContain(SENDER);
  });
});
