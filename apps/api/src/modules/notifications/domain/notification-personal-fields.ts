import type { NotificationsCreated } from '@teaminbox/contracts';
import type { PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The notifications one event caused: their messages quote the email's subject and sender, so they are sealed under
 * the email's sender (`correspondent`, sealed with them). Titles are the product's own words; recipients, types and
 * ids stay in clear. Notifications recorded without a correspondent are not sealed.
 */
export const NOTIFICATIONS_CREATED_PERSONAL_FIELDS: PersonalFieldsDeclaration<NotificationsCreated> = (created) =>
  created.correspondent
    ? [{ teamId: created.teamId, address: created.correspondent, paths: ['correspondent', 'notifications.*.message'] }]
    : [];
