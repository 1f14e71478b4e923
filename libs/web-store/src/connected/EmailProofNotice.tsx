import { api } from '@teaminbox/api-client';
import { EmailProofCard } from '@teaminbox/ui';

/** The email proof card that mails the login link through the API client. */
export function EmailProofNotice({ email }: { email: string }) {
  return <EmailProofCard email={email} send={() => api.sendLoginLink(email)} />;
}
