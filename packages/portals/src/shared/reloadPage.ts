/** Reloads the page from the server: a screen's last resort when what it shows can no longer be trusted. */
export function reloadPage(): void {
  window.location.reload();
}
