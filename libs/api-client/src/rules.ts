import type { EmailRulesExplanation, Rule, SuccessMessageResponse } from '@teaminbox/contracts';
import { request } from './http';

const enc = encodeURIComponent;

/** POST /rules and PUT /rules/{id}: the whole rule (an `id` in it is ignored; the path names the rule). */
export type RulePayload = Omit<Rule, 'id'> & { id?: string };

/**
 * The team's automatic rules (spec admin-and-personal section 7) and what they did to one email. Load errors are
 * only logged (section 8); save failures are not shown either, so the editor stays open with what was typed.
 */
export const rulesApi = {
  listRules: (): Promise<Rule[]> => request<Rule[]>('/rules', { secured: true, silent: true }),
  createRule: (rule: RulePayload): Promise<Rule> =>
    request<Rule>('/rules', { method: 'POST', body: rule, secured: true, silent: true }),
  updateRule: (id: string, rule: RulePayload): Promise<Rule> =>
    request<Rule>(`/rules/${enc(id)}`, { method: 'PUT', body: rule, secured: true, silent: true }),
  deleteRule: (id: string): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>(`/rules/${enc(id)}`, { method: 'DELETE', secured: true, silent: true }),
  /** Which rules matched the email on arrival, why, and what their actions did. */
  emailRules: (emailId: string): Promise<EmailRulesExplanation> =>
    request<EmailRulesExplanation>(`/emails/${enc(emailId)}/rules`, { secured: true, handled: true }),
};

export type RulesApi = typeof rulesApi;
