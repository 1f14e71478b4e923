import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Served under /remotes/inbox/ next to its mf-manifest.json. */
export const federation: ConstructorParameters<typeof ModuleFederationPlugin>[0] = {
  name: 'mfe_inbox',
  filename: 'remoteEntry.js',
  exposes: {
    './feature': './src/feature.ts',
    './InboxPage': './src/features/inbox-list/InboxPage.tsx',
    './EmailDetailPage': './src/features/email-detail/EmailDetailPage.tsx',
    './MyTasksPage': './src/features/my-tasks/MyTasksPage.tsx',
  },
};
