/**
 * Spec §4's referrer gating of ad events: they fire only for visitors whose original referrer is the
 * marketing homepage. The referrer is parsed as a URL and its host compared exactly or on a dot
 * boundary, so `www.brand.com` and `shop.brand.com` pass for `brand.com`, while `brand.com.evil.io`,
 * `evilbrand.com` or a path or query that merely contains the host do not.
 */

/** The bare host name of a setting written as a host (`brand.com`) or as a URL (`https://brand.com/`). */
export function hostOf(setting: string): string {
  const text = setting.trim().toLowerCase();
  if (text === '') return '';
  try {
    return new URL(text.includes('://') ? text : `https://${text}`).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** Whether `referrer` (a full URL, as `document.referrer` gives it) is a page of `host` or of one of its subdomains. */
export function isReferredBy(referrer: string | null, host: string): boolean {
  const expected = hostOf(host);
  if (!referrer || !expected) return false;
  let actual: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    actual = url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return actual === expected || actual.endsWith(`.${expected}`);
}
