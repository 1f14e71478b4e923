import { type OutboundOptions, outboundHttps } from '../../../platform/net';

/**
 * What a Slack incoming webhook answered: delivered; retry later (429 or a server error, with Slack's Retry-After in
 * seconds when given); or refused (any other 4xx: the webhook was revoked, the channel archived, ... — retrying does
 * not help, and a webhook that keeps refusing is switched off).
 */
export type SlackOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; status: number; retryAfterSeconds: number | null }
  | { kind: 'refused'; status: number; reason: string };

export interface SlackMessage {
  title: string;
  message: string;
  /** Absolute link to the email, or null. */
  link: string | null;
}

/** Slack's mrkdwn treats &, < and > specially: they are escaped so a subject cannot forge a link or a mention. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function slackBody(message: SlackMessage): string {
  const link = message.link ? `\n<${message.link}|${slackEscape(message.link)}>` : '';
  return JSON.stringify({ text: `*${slackEscape(message.title)}*\n${slackEscape(message.message)}${link}` });
}

/** Posts one message to a Slack incoming webhook through the SSRF-guarded https client. */
export async function sendSlack(
  webhookUrl: string,
  message: SlackMessage,
  options: OutboundOptions,
): Promise<SlackOutcome> {
  const res = await outboundHttps(webhookUrl, {
    ...options,
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: slackBody(message),
  });
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
  if (res.status === 429 || res.status >= 500 || res.status < 200) {
    const header = Number(res.headers['retry-after']);
    return {
      kind: 'retry',
      status: res.status,
      retryAfterSeconds: Number.isFinite(header) && header >= 0 ? header : null,
    };
  }
  return { kind: 'refused', status: res.status, reason: res.body.trim().slice(0, 200) };
}
