/** What other modules may use of the labels context. */
export { LabelsModule } from './labels.module';
export { GetLabelQuery } from './queries/get-label/get-label.query';
export { ListLabelsQuery } from './queries/list-labels/list-labels.query';
export { LABELS_MANIFEST } from './labels.manifest';
