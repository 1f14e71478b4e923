import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';
import { COMPARED_ROWS, NOT_READ_MODELS, TIME_OF_PROJECTION_COLUMNS } from '../../src/cli/verify-tables';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { verifyReadModels, type VerificationReport } from '../../src/platform/projections/read-model-verifier';

/** The test app's read models against a rebuild from its log, as `npm run verify` compares them. */
export function verifyTestApp(t: TestApp): Promise<VerificationReport> {
  return verifyReadModels({
    dataSource: t.app.get(DataSource),
    eventStore: t.app.get<EventStore>(EVENT_STORE),
    projections: t.app.get(ProjectionRunner).registeredProjections(),
    excludedTables: NOT_READ_MODELS,
    ignoredColumns: TIME_OF_PROJECTION_COLUMNS,
    comparedRows: COMPARED_ROWS,
    waitMs: 30_000,
  });
}
