// Which push subscription endpoints the server accepts: only the configured push services'
// (config.push.serviceOrigins, `https://*.example` matching any subdomain), over HTTPS in production.
export function isAllowedPushEndpoint(endpoint: string, serviceOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return serviceOrigins.some((allowed) => {
    const wildcard = allowed.match(/^(https?):\/\/\*\.(.+)$/);
    if (!wildcard) return url.origin === allowed;
    return `${url.protocol}` === `${wildcard[1]}:` && url.host.endsWith(`.${wildcard[2]}`);
  });
}
