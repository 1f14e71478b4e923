import type { StoredNotificationsCreated } from '@teaminbox/contracts';
import type { PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The notifications one event caused: their messages quote the email's subject and sender, so they are sealed under
 * the email's sender (`correspondent`, sealed with them): each text's message (`texts.*.message`), or in the form
 * recorded before, each notification's. Titles are the product's own words; recipients, types and ids stay in clear.
 * Notifications recorded without a correspondent are not sealed.
 */
export const NOTIFICATIONS_CREATED_PERSONAL_FIELDS: PersonalFieldsDeclaration<StoredNotificationsCreated> = (
  created,
) =>
  created.correspondent
    ? [
        {
          teamId: created.teamId,
          address: created.correspondent,
          paths: ['correspondent', 'notifications' in created ? 'notifications.*.message' : 'texts.*.message'],
        },
      ]
    : [];
