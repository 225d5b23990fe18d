// The one HTML escaping of the e-mails (their HTML part is the plain text with links clickable):
// every character that could open markup or leave an attribute becomes a numeric reference.
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
