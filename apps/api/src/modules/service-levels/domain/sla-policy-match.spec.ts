import type { SlaPolicy } from '@teaminbox/contracts';
import { slaPolicyFor } from './sla-policy-match';

const policy = (id: string, change: Partial<SlaPolicy>): SlaPolicy => ({
  id,
  name: id,
  priorities: [],
  labelIds: [],
  firstResponseMinutes: 60,
  resolutionMinutes: null,
  ...change,
});

const vipUrgent = policy('vip-urgent', { priorities: ['HIGH'], labelIds: ['vip'] });
const urgent = policy('urgent', { priorities: ['HIGH', 'MEDIUM'] });
const billing = policy('billing', { labelIds: ['billing', 'invoices'] });
const everything = policy('default', {});

describe('choosing a conversation’s SLA policy', () => {
  const ordered = [vipUrgent, urgent, billing, everything];
  const chosen = (priority: 'HIGH' | 'MEDIUM' | 'LOW', labelIds: string[], policies = ordered) =>
    slaPolicyFor(policies, { priority, labelIds })?.id ?? null;

  it('takes the first policy that matches, in the team’s order', () => {
    expect(chosen('HIGH', ['vip'])).toBe('vip-urgent');
    expect(chosen('HIGH', ['billing'])).toBe('urgent');
    expect(chosen('LOW', ['invoices'])).toBe('billing');
    expect(chosen('LOW', [])).toBe('default');
    expect(chosen('HIGH', ['billing'], [billing, urgent])).toBe('billing');
  });

  it('needs both the priority and one of the labels when a policy names both', () => {
    expect(chosen('MEDIUM', ['vip'], [vipUrgent])).toBeNull();
    expect(chosen('HIGH', [], [vipUrgent])).toBeNull();
    expect(chosen('HIGH', ['other', 'vip'], [vipUrgent])).toBe('vip-urgent');
  });

  it('gives no policy when none matches or the team has none', () => {
    expect(chosen('LOW', ['vip'], [vipUrgent, urgent])).toBeNull();
    expect(chosen('HIGH', ['vip'], [])).toBeNull();
  });
});
