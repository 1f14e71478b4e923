import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Served under /remotes/admin/ next to its mf-manifest.json. */
export const federation: ConstructorParameters<typeof ModuleFederationPlugin>[0] = {
  name: 'mfe_admin',
  filename: 'remoteEntry.js',
  exposes: {
    './feature': './src/feature.ts',
    './TeamMembersPage': './src/features/team-members/TeamMembersPage.tsx',
    './EmailServerConfigPage': './src/features/email-server-config/EmailServerConfigPage.tsx',
    './EmailLabelsPage': './src/features/email-labels/EmailLabelsPage.tsx',
    './ReplyTemplatesPage': './src/features/reply-templates/ReplyTemplatesPage.tsx',
    './TeamActivityPage': './src/features/team-activity/TeamActivityPage.tsx',
    './RulesPage': './src/features/rules/RulesPage.tsx',
    './BusinessHoursPage': './src/features/business-hours/BusinessHoursPage.tsx',
    './TeamAuditPage': './src/features/team-audit/TeamAuditPage.tsx',
  },
};
