/** The spec's "browser alert" for errors of the public calls (sendLoginLink, invitation lookup). */
export function browserAlert(message: string): void {
  window.alert(message);
}
