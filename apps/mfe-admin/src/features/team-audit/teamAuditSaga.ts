import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { saveBlob, teamAuditApi, type TeamAuditDownload } from '@teaminbox/api-client';
import {
  auditExportFailed,
  auditExportFinished,
  auditExportProgressed,
  auditExportRequested,
  auditExportStarted,
} from './teamAuditSlice';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const NEWLINE = 10;
const CONTENT_TYPES = { csv: 'text/csv;charset=utf-8', jsonl: 'application/x-ndjson;charset=utf-8' } as const;

/** Counts the line ends of a chunk: the entries received (the CSV's header row is one more line). */
function lineEnds(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) count++;
  return count;
}

/**
 * Downloads an export of the entries shown: reads the streamed body chunk by chunk, reporting bytes and entries
 * received against the announced total, then saves it as a file.
 */
function* exportAudit({ payload: { format, filters } }: ReturnType<typeof auditExportRequested>): SagaIterator {
  try {
    const download = (yield call(teamAuditApi.openExport, format, filters)) as TeamAuditDownload;
    yield put(auditExportStarted({ total: download.total }));
    const reader = download.body.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = (yield call([reader, reader.read])) as ReadableStreamReadResult<Uint8Array>;
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      lines += lineEnds(value);
      yield put(auditExportProgressed({ bytes, rows: Math.max(0, format === 'csv' ? lines - 1 : lines) }));
    }
    yield call(saveBlob, new Blob(chunks as BlobPart[], { type: CONTENT_TYPES[format] }), download.fileName);
    yield put(auditExportFinished());
  } catch (error) {
    yield put(auditExportFailed(messageOf(error)));
  }
}

export function* teamAuditSaga(): SagaIterator {
  yield takeLeading(auditExportRequested.type, exportAudit);
}
