import { call, put, takeEvery } from 'redux-saga/effects';
import { emailArrived } from './events';
import { noticeRaised } from './notices.slice';

/** How long the new-email notice stays (core-inbox section 9: up to 5 s). */
export const NEW_EMAIL_NOTICE_MS = 5000;

/** The inbox list's routes: there the new email appears at the top of the list instead. */
const INBOX_LIST = /^\/admin\/(inbox|email-inbox)\/?$/;

export const isInboxList = (pathname: string) => INBOX_LIST.test(pathname);

const currentPath = () => (typeof window === 'undefined' ? '' : window.location.pathname);

/**
 * A live new email shows a notice of up to 5 s to a member who is not looking at the inbox list. A burst (a
 * mailbox's first synchronisation) gives one notice per 5 s, not one per email.
 */
export function createNewEmailNoticeSaga(path: () => string = currentPath, now: () => number = Date.now) {
  return function* newEmailNoticeSaga() {
    let lastShown = Number.NEGATIVE_INFINITY;
    yield takeEvery(emailArrived.type, function* notice(action: ReturnType<typeof emailArrived>) {
      const pathname: string = yield call(path);
      if (isInboxList(pathname)) return;
      const at = now();
      if (at - lastShown < NEW_EMAIL_NOTICE_MS) return;
      lastShown = at;
      yield put(
        noticeRaised({
          severity: 'info',
          key: 'notifications.newEmail',
          values: { subject: action.payload.subject || action.payload.fromName || action.payload.fromEmail },
          lifeMs: NEW_EMAIL_NOTICE_MS,
        }),
      );
    });
  };
}
