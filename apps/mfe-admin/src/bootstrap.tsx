import { mountStandalone } from '@teaminbox/ui';
import feature from './feature';
import EmailServerConfigPage from './features/email-server-config/EmailServerConfigPage';
import RulesPage from './features/rules/RulesPage';
import TeamMembersPage from './features/team-members/TeamMembersPage';

/** Standalone: this remote on its own dev server. */
mountStandalone({
  feature,
  home: '/admin/team-members',
  pages: {
    '/admin/team-members': <TeamMembersPage />,
    '/admin/email-server-config': <EmailServerConfigPage />,
    '/admin/rules': <RulesPage />,
  },
});
