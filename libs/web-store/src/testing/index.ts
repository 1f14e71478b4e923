/** Test helpers of the web store, for the specs of the libs and the apps (never imported by production code). */
export { createOfflineStore } from './offline-store';
export { answerServerCalls, serverFailure, type ServerFailure } from './server-answers';
export { stubSignedInCalls } from './signed-in-calls';
export { anEmail, aReply } from './emails';
