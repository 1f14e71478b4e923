/** Texts of the Reply templates screen (key `replyTemplates`); the spec names its fields and buttons only. */
export const replyTemplatesEn = {
  heading: 'Reply templates',
  newTemplate: 'New template',
  name: 'Name',
  subject: 'Subject',
  body: 'Plain text body',
  htmlBody: 'HTML body',
  actions: 'Actions',
  editTemplate: 'Edit template {{name}}',
  deleteTemplate: 'Delete template {{name}}',
  save: 'Save',
  cancel: 'Cancel',
  newHeading: 'New template',
  editHeading: 'Edit template',
  empty: 'No reply templates yet.',
  loading: 'Loading templates',
};
