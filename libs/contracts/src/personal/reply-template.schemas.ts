import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Reply templates (GET/POST /reply-templates, PUT/DELETE /reply-templates/{id}), shared by a team
 * ---------------------------------------------------------------------------------------------- */

export const REPLY_TEMPLATE_NAME_MAX_LENGTH = 200;
/** RFC 5322's line limit, the longest subject a reply can carry on one line. */
export const REPLY_TEMPLATE_SUBJECT_MAX_LENGTH = 998;
/** 100 kB, counted in characters, for the plain-text and the HTML body each. */
export const REPLY_TEMPLATE_BODY_MAX_LENGTH = 100_000;

export interface ReplyTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
  /** Stored as given; it is sanitized when a reply made from it is rendered or sent. */
  htmlBody: string;
}

/** Socket 'team.reply-template.changed': a template of the team was saved (created or edited) or deleted. */
export type ReplyTemplateChange = { kind: 'saved'; template: ReplyTemplate } | { kind: 'deleted'; templateId: string };

/** A missing or null text is stored as ''. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((value) => value ?? '');

/**
 * POST /reply-templates and PUT /reply-templates/{id}: the whole template. Other fields (the `id` of an
 * edited copy, a `teamId`) are accepted and ignored: the id comes from the path, the team from the caller.
 */
export const ZReplyTemplateRequest = z.object({
  name: z
    .string('Please enter a template name')
    .trim()
    .min(1, 'Please enter a template name')
    .max(
      REPLY_TEMPLATE_NAME_MAX_LENGTH,
      `The template name is limited to ${REPLY_TEMPLATE_NAME_MAX_LENGTH} characters`,
    ),
  subject: optionalText(
    REPLY_TEMPLATE_SUBJECT_MAX_LENGTH,
    `The subject is limited to ${REPLY_TEMPLATE_SUBJECT_MAX_LENGTH} characters`,
  ),
  body: optionalText(REPLY_TEMPLATE_BODY_MAX_LENGTH, 'The template body is limited to 100 kB'),
  htmlBody: optionalText(REPLY_TEMPLATE_BODY_MAX_LENGTH, 'The HTML body is limited to 100 kB'),
});
export type TReplyTemplateRequest = z.infer<typeof ZReplyTemplateRequest>;
