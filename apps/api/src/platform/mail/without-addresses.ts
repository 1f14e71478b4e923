/** Anything shaped like an email address (local part @ domain), as a server's answer may quote one. */
const ADDRESS = /[^\s<>"'(),;:@[\]]+@[^\s<>"'(),;:@[\]]+/g;

/** What the logs and job rows keep of a text that may quote addresses (an SMTP server's answer): the addresses masked. */
export const ADDRESS_MASK = '<address>';

export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, ADDRESS_MASK);
}
