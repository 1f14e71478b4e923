import { mountStandalone } from '@teaminbox/web-store';
import feature from './feature';
import EmailLabelsPage from './features/email-labels/EmailLabelsPage';
import EmailServerConfigPage from './features/email-server-config/EmailServerConfigPage';
import ReplyTemplatesPage from './features/reply-templates/ReplyTemplatesPage';
import RulesPage from './features/rules/RulesPage';
import BusinessHoursPage from './features/business-hours/BusinessHoursPage';
import TeamActivityPage from './features/team-activity/TeamActivityPage';
import TeamAuditPage from './features/team-audit/TeamAuditPage';
import TeamMembersPage from './features/team-members/TeamMembersPage';

/** Standalone: this remote on its own dev server. */
mountStandalone({
  feature,
  home: '/admin/team-members',
  pages: {
    '/admin/team-members': <TeamMembersPage />,
    '/admin/email-server-config': <EmailServerConfigPage />,
    '/admin/rules': <RulesPage />,
    '/admin/business-hours': <BusinessHoursPage />,
    '/admin/email-labels': <EmailLabelsPage />,
    '/admin/reply-templates': <ReplyTemplatesPage />,
    '/admin/activity': <TeamActivityPage />,
    '/admin/audit': <TeamAuditPage />,
  },
});
