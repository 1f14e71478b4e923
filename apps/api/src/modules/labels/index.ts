/** What other modules may use of the labels context. */
export { LabelsModule } from './labels.module';
export { GetLabelQuery } from './queries/get-label/get-label.query';
export { LABELS_MANIFEST } from './labels.manifest';
