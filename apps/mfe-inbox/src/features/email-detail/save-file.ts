/** Hands a downloaded file to the browser under its name; the object URL is released a little later. */
export function saveFile(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
