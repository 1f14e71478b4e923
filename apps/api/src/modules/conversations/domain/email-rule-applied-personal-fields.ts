import type { EmailRuleApplied } from '@teaminbox/contracts';
import { ERASED, type PersonalFieldsDeclaration } from '../../../platform/personal-data';

/** A condition value that is one whole email address (`bob@example.com`), which names a person. */
const ADDRESS = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/**
 * The personal data of a rule's explanation: the member an assignment action assigned (or would have assigned), as
 * the event names them (`target.name` and `target.email`), belongs to that member, within the team; a condition whose
 * value is one whole email address (e.g. FROM_EMAIL EQUALS bob@example.com) copies that person's address into the
 * explanation, so its value belongs to them too and reads "[erased]" once they are erased. A target recorded before
 * its address was (no `email`), a label's name and an already erased member name no subject. Other condition texts
 * (a domain, a word, a list) and an action's value are the team's configuration and stay in clear.
 */
export const EMAIL_RULE_APPLIED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailRuleApplied> = (applied) => [
  ...(applied.actions ?? []).flatMap((action, index) => {
    const address = action.target?.email;
    return address && address !== ERASED
      ? [{ teamId: applied.teamId, address, paths: [`actions.${index}.target.name`, `actions.${index}.target.email`] }]
      : [];
  }),
  ...(applied.conditions ?? []).flatMap((condition, index) => {
    const value = typeof condition.value === 'string' ? condition.value.trim() : '';
    return ADDRESS.test(value)
      ? [{ teamId: applied.teamId, address: value, paths: [`conditions.${index}.value`] }]
      : [];
  }),
];
