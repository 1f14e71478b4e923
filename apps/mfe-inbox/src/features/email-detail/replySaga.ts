import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { NotificationSettings, Reply, ReplyAddresses, ReplyCollision } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { settingsApi } from '@teaminbox/web-store';
import { listOrEmpty } from '../../shared/lists';
import { attempt, notice, quietly } from '../../shared/notices';
import { detailOpened, selectEmailDetail, type EmailDetailState } from './emailDetailSlice';
import { htmlToText } from './html-text';
import { hasSignature } from './reply-signature';
import {
  attachmentsAdded,
  collisionFound,
  draftDeleted,
  draftDeleteRequested,
  draftSaved,
  draftSaveRequested,
  draftsLoaded,
  forwardSendRequested,
  forwardSent,
  replyAddressesLoaded,
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

/** To and cc are comma-separated: trimmed, empties dropped (spec section 5). */
export const splitAddresses = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const payloadOf = ({ form }: ReplyState) => ({
  to: splitAddresses(form.to),
  cc: splitAddresses(form.cc),
  subject: form.subject,
  body: form.html ? htmlToText(form.htmlBody) : form.body,
  htmlBody: form.html ? form.htmlBody : null,
});

function* loadDrafts(emailId: string): SagaIterator {
  const replies: Reply[] = yield call(listOrEmpty, () => inboxApi.listReplies(emailId));
  yield put(draftsLoaded(replies));
}

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

/** Whom a reply goes to (Reply-To, else From) and a reply to all; without them the form answers From. */
function* loadAddresses(emailId: string): SagaIterator {
  try {
    const addresses: ReplyAddresses = yield call(inboxApi.replyAddresses, emailId);
    yield put(replyAddressesLoaded({ emailId, addresses }));
  } catch (error) {
    console.warn('Reply addresses not loaded', error);
  }
}

function* onOpened(action: PayloadAction<string>): SagaIterator {
  yield fork(loadDrafts, action.payload);
  yield fork(loadAddresses, action.payload);
  yield fork(loadSignature);
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

/** Insert signature appends it as plain text, unless the body holds it already (added when the form opened). */
function* insertSignature(): SagaIterator {
  const { signature, form }: ReplyState = yield select(selectReply);
  const text = htmlToText(signature);
  if (!text) yield put(notice('error', 'emailDetail.noSignature'));
  else if (!hasSignature(form, signature)) yield put(signatureInserted(text));
}

/** Saves the reply as a draft (a new one or the one being edited); the form then starts over. */
function* saveDraft(): SagaIterator {
  const reply: ReplyState = yield select(selectReply);
  const emailId = reply.emailId;
  if (!emailId) return;
  const save = () =>
    reply.draftId
      ? inboxApi.updateDraft(emailId, reply.draftId, payloadOf(reply))
      : inboxApi.createDraft(emailId, payloadOf(reply));
  const done: boolean = yield call(attempt, save, { error: 'emailDetail.replySaveError' });
  if (!done) return;
  yield put(draftSaved());
  yield fork(stopReplying, emailId);
  yield call(loadDrafts, emailId);
}

function* deleteDraft(action: PayloadAction<string>): SagaIterator {
  const { emailId }: ReplyState = yield select(selectReply);
  if (!emailId) return;
  const done: boolean = yield call(attempt, () => inboxApi.deleteDraft(emailId, action.payload), {
    error: 'emailDetail.replyDeleteError',
  });
  if (!done) return;
  yield put(draftDeleted(action.payload));
  yield call(loadDrafts, emailId);
}

/**
 * Sends the reply. When someone else commented or replied since the reply was started, the server refuses
 * once (409) and the dialog shows what arrived; 'Send anyway' sends it confirmed.
 */
function* send(action: PayloadAction<{ confirmed: boolean; sendAt?: string }>): SagaIterator {
  const reply: ReplyState = yield select(selectReply);
  const { email }: EmailDetailState = yield select(selectEmailDetail);
  if (!reply.emailId || !email) return;
  try {
    yield call(inboxApi.sendReply, {
      ...payloadOf(reply),
      emailId: email.id,
      teamId: email.teamId,
      attachments: reply.attachments.map(({ fileName, contentType, base64Content }) => ({
        fileName,
        contentType,
        base64Content,
      })),
      draftId: reply.draftId ?? undefined,
      startedAt: reply.startedAt ?? undefined,
      confirmed: action.payload.confirmed,
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
  yield put(notice('success', 'emailDetail.replySent'));
  yield put(replySent({ emailId: email.id }));
  yield fork(stopReplying, email.id);
  yield call(loadDrafts, email.id);
}

/** Forwards the email: the recipients, the body as the note, the attachments kept. */
function* forward(): SagaIterator {
  const reply: ReplyState = yield select(selectReply);
  const { email }: EmailDetailState = yield select(selectEmailDetail);
  if (!reply.emailId || !email) return;
  const { to, cc, body } = payloadOf(reply);
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
      }),
    { error: 'emailDetail.forwardError', success: 'emailDetail.forwardSent' },
  );
  if (!done) return;
  yield put(forwardSent());
  yield fork(stopReplying, email.id);
}

export function* replySaga(): SagaIterator {
  yield takeLatest(detailOpened.type, onOpened);
  yield takeEvery(
    [replyFieldChanged.type, templateChosen.type, signatureInserted.type, attachmentsAdded.type],
    announceReplying,
  );
  yield takeEvery(signatureRequested.type, insertSignature);
  yield takeLatest(draftSaveRequested.type, saveDraft);
  yield takeEvery(draftDeleteRequested.type, deleteDraft);
  yield takeLatest(replySendRequested.type, send);
  yield takeLatest(forwardSendRequested.type, forward);
}
