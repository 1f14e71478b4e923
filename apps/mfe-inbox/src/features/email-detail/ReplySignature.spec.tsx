import { screen, waitFor } from '@testing-library/react';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import { closeDetail, emailDetail, renderDetail, serverCalls, stubDetailApi } from './detail-test-harness';

describe("the reply form's signature", () => {
  afterEach(closeDetail);

  it('comes from the one cache of the notification settings: added once to the new reply, read once', async () => {
    stubDetailApi(emailDetail());
    answerServerCalls({
      'GET /api/notification-settings': {
        shareCommentsAcrossThread: true,
        htmlSignature: '<p>Jana Nováková<br><i>Support</i></p>',
      },
    });
    await renderDetail();
    await waitFor(() =>
      expect((screen.getByTestId('reply-body') as HTMLTextAreaElement).value).toMatch(/Jana Nováková\s+Support$/),
    );
    // The detail's comment sharing reads the same settings: one call for both.
    expect(serverCalls('GET', '/api/notification-settings')).toHaveLength(1);
  });
});
