import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * The team's conversation settings (GET/PUT /conversation-settings): how incoming mail joins conversations
 * ---------------------------------------------------------------------------------------------- */

/** The team's conversation settings (the defaults until an ADMIN changes them). */
export interface ConversationSettings {
  /**
   * An incoming email without In-Reply-To or References that name a known message joins the conversation whose
   * subject (without Re:, Fwd:, ... prefixes) and external participant (the sender) are the same, when that
   * conversation was active in the 30 days before it (default true).
   */
  joinRepliesBySubject: boolean;
}

export const DEFAULT_CONVERSATION_SETTINGS: ConversationSettings = { joinRepliesBySubject: true };

/** PUT /conversation-settings (ADMIN only). */
export const ZConversationSettingsRequest = z.object({
  joinRepliesBySubject: z.boolean('joinRepliesBySubject must be true or false'),
});
export type TConversationSettingsRequest = z.infer<typeof ZConversationSettingsRequest>;

/** On the team's stream `conversation-settings-<teamId>`: an ADMIN changed the team's conversation settings. */
export interface ConversationSettingsChanged {
  teamId: string;
  joinRepliesBySubject: boolean;
}
