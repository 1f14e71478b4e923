import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EmailDetail, NotificationSettings, ReplyCollision } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { repliesChanged, settingsApi } from '@teaminbox/web-store';
import { attempt, notice, quietly } from '../../shared/notices';
import { detailOpened, selectOpenEmail } from './emailDetailSlice';
import { htmlToText } from './html-text';
import { replyContentOf } from './reply-payload';
import { hasSignature } from './reply-signature';
import {
  attachmentsAdded,
  collisionFound,
  draftSaved,
  forwardSendRequested,
  forwardSent,
  replyFieldChanged,
  replySendRequested,
  replySent,
  selectReply,
  signatureInserted,
  signatureLoaded,
  signatureRequested,
  templateChosen,
  type ReplyState,
} from './replySlice';

/**
 * The signature, from the one cache of the person's notification settings (`settingsApi`: read once for every screen
 * showing them, the detail's comment sharing among them). A load failure is only logged (spec).
 */
function* loadSignature(): SagaIterator {
  const settings = (yield put(
    settingsApi.endpoints.notificationSettings.initiate(undefined, { subscribe: false }) as never,
  )) as ReturnType<ReturnType<typeof settingsApi.endpoints.notificationSettings.initiate>>;
  try {
    const loaded: NotificationSettings = yield call(() => settings.unwrap());
    yield put(signatureLoaded(loaded.htmlSignature ?? ''));
  } catch (error) {
    console.warn('Signature not loaded', error);
  }
}

/** The others see "is replying" from the moment the user begins a reply. */
function* announceReplying(action: PayloadAction<{ at: string }>): SagaIterator {
  const { emailId, startedAt }: ReplyState = yield select(selectReply);
  if (emailId && startedAt === action.payload.at) {
    yield call(quietly, () => inboxApi.setReplying(emailId, true), 'replying');
  }
}

function* stopReplying(emailId: string): SagaIterator {
  yield call(quietly, () => inboxApi.setReplying(emailId, false), 'replying');
}

/** A saved draft (the form saves it through the api cache) ends "is replying": the form starts over. */
function* draftDone(): SagaIterator {
  const { emailId }: ReplyState = yield select(selectReply);
  if (emailId) yield call(stopReplying, emailId);
}

/** Insert signature appends it as plain text, unless the body holds it already (added when the form opened). */
function* insertSignature(): SagaIterator {
  const { signature, form }: ReplyState = yield select(selectReply);
  const text = htmlToText(signature);
  if (!text) yield put(notice('error', 'emailDetail.noSignature'));
  else if (!hasSignature(form, signature)) yield put(signatureInserted(text));
}

/**
 * Sends the reply. When someone else commented or replied since the reply was started, the server refuses
 * once (409) and the dialog shows what arrived; 'Send anyway' sends it confirmed. Once accepted, the email's cached
 * replies are stale (the draft it was written in is gone, the reply is queued).
 */
function* send(action: PayloadAction<{ confirmed: boolean; sendAt?: string }>): SagaIterator {
  const reply: ReplyState = yield select(selectReply);
  const email: EmailDetail | null = yield select(selectOpenEmail);
  if (!reply.emailId || !email) return;
  try {
    yield call(inboxApi.sendReply, {
      ...replyContentOf(reply.form),
      emailId: email.id,
      teamId: email.teamId,
      attachments: reply.attachments.map(({ fileName, contentType, base64Content }) => ({
        fileName,
        contentType,
        base64Content,
      })),
      draftId: reply.draftId ?? undefined,
      // A draft that was a message once keeps the attachments the user did not remove.
      draftAttachmentIds: reply.draftId ? reply.draftAttachments.map((attachment) => attachment.id) : undefined,
      startedAt: reply.startedAt ?? undefined,
      confirmed: action.payload.confirmed,
      remindIfNoAnswerBy: reply.remindAt ?? undefined,
      sendAt: action.payload.sendAt,
      idempotencyKey: reply.sendKey ?? undefined,
      // The email is quoted below the answer (shown collapsed in the form).
      quoteOriginal: true,
    });
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as Partial<ReplyCollision> | undefined) : undefined;
    if (error instanceof ApiError && error.status === 409 && body?.collision) yield put(collisionFound(body.collision));
    else yield put(notice('error', 'emailDetail.replySendError'));
    return;
  }
  // A reply sent for later is not sent yet: the Scheduled list's notice says when it goes.
  if (!action.payload.sendAt) yield put(notice('success', 'emailDetail.replySent'));
  yield put(replySent({ emailId: email.id }));
  yield fork(stopReplying, email.id);
  yield put(repliesChanged(email.id));
}

/**
 * Forwards the email: the recipients, the body as the note, the attachments kept; with `sendAt`, at that time (the
 * Scheduled list's notice says when, so no "sent" notice).
 */
function* forward(action: PayloadAction<{ sendAt?: string }>): SagaIterator {
  const { sendAt } = action.payload;
  const reply: ReplyState = yield select(selectReply);
  const email: EmailDetail | null = yield select(selectOpenEmail);
  if (!reply.emailId || !email) return;
  const { to, cc, body } = replyContentOf(reply.form);
  const done: boolean = yield call(
    attempt,
    () =>
      inboxApi.forwardEmail({
        emailId: email.id,
        teamId: email.teamId,
        to,
        cc,
        note: body,
        attachmentIds: reply.forwardAttachmentIds,
        idempotencyKey: reply.sendKey ?? undefined,
        sendAt,
      }),
    { error: 'emailDetail.forwardError', success: sendAt ? undefined : 'emailDetail.forwardSent' },
  );
  if (!done) return;
  yield put(forwardSent());
  yield fork(stopReplying, email.id);
}

export function* replySaga(): SagaIterator {
  yield takeLatest(detailOpened.type, loadSignature);
  yield takeEvery(
    [replyFieldChanged.type, templateChosen.type, signatureInserted.type, attachmentsAdded.type],
    announceReplying,
  );
  yield takeEvery(signatureRequested.type, insertSignature);
  yield takeEvery(draftSaved.type, draftDone);
  yield takeLatest(replySendRequested.type, send);
  yield takeLatest(forwardSendRequested.type, forward);
}
