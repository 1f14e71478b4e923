/**
 * When an outgoing message (a reply, a forward or a new email) goes: the later of the sender's undo window from now
 * and their "send later" time; undefined when neither holds it back (a window of 0 and no time).
 */
export function sendTimeOf(now: number, undoSendSeconds: number, sendLater: string | undefined): string | undefined {
  const at = Math.max(now + undoSendSeconds * 1000, sendLater ? Date.parse(sendLater) : 0);
  return at > now ? new Date(at).toISOString() : undefined;
}
