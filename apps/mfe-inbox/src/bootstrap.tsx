import { mountStandalone } from '@teaminbox/web-store';
import feature from './feature';
import EmailDetailPage, { features as emailDetailFeatures } from './features/email-detail/EmailDetailPage';
import InboxPage from './features/inbox-list/InboxPage';
import MyTasksPage, { features as myTasksFeatures } from './features/my-tasks/MyTasksPage';

/** Standalone: this remote on its own dev server. */
mountStandalone({
  feature,
  features: [...emailDetailFeatures, ...myTasksFeatures],
  home: '/admin/inbox',
  pages: {
    '/admin/inbox': <InboxPage />,
    '/admin/email-inbox': <InboxPage />,
    '/admin/email-detail/:id': <EmailDetailPage />,
    '/admin/my-tasks': <MyTasksPage />,
  },
});
