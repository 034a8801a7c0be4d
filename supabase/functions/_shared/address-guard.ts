/**
 * SSRF guard for lead webhooks: a sink may only be posted to at a public address. Checked at delivery
 * time on every address the sink's host resolves to (so a DNS name pointed at 10.0.0.5 or 127.0.0.1 is
 * refused like the literal address). Runtime-neutral: the caller supplies the resolver.
 *
 * `allowLoopback` is the test/dev allowance (LEAD_SINKS_ALLOW_LOOPBACK=1, which `npm start` sets for
 * its local backend): 127.0.0.0/8 and ::1 pass, and http is accepted. Private, link-local and the other
 * special ranges are refused even then.
 */

export interface AddressPolicy {
  allowLoopback: boolean;
}

/** Why a sink address was refused, or null when it may be posted to. */
export type AddressRefusal = string | null;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(address: string): number[] | null {
  const match = IPV4.exec(address);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** 'loopback', another special range's name, or null for a public IPv4 address. */
function ipv4Range([a = 0, b = 0, c = 0]: number[]): string | null {
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared (CGNAT)';
  if (a === 192 && b === 0 && c === 0) return 'IETF protocol';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
  if (a >= 224) return 'multicast or reserved';
  return null;
}

/** The 8 groups of an IPv6 address (with an embedded IPv4 tail), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail?.[1]) {
    const v4 = ipv4Octets(tail[1]);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/.test(text) || text.split('::').length > 2) return null;
  const [head = '', rest] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const front = part(head);
  const back = rest === undefined ? [] : part(rest);
  const missing = 8 - front.length - back.length;
  if ((rest === undefined && missing !== 0) || missing < 0) return null;
  const groups = [...front, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

function ipv6Range(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const v4 = [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
    if (g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible addresses reach the IPv4 address.
    if (g5 === 0xffff || g5 === 0) return ipv4Range(v4);
  }
  if (g0 === 0x64 && g1 === 0xff9b) return ipv4Range(v4);
  if ((g0 & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Whether `address` is an IP literal (v4 or v6). */
export function isIpLiteral(address: string): boolean {
  return ipv4Octets(address) !== null || ipv6Groups(address) !== null;
}

/** Why `address` (an IP literal) may not be posted to, or null. */
export function addressRefusal(address: string, policy: AddressPolicy): AddressRefusal {
  const v4 = ipv4Octets(address);
  const groups = v4 ? null : ipv6Groups(address);
  if (!v4 && !groups) return 'not an IP address';
  const range = v4 ? ipv4Range(v4) : ipv6Range(groups ?? []);
  if (range === null || (range === 'loopback' && policy.allowLoopback)) return null;
  return `${range} address`;
}

/**
 * The sink's URL checked and resolved: the addresses to connect to, or the refusal. https only (http
 * too under the loopback allowance); no credentials in the URL; every resolved address must pass.
 */
export async function checkSinkUrl(
  url: URL,
  resolve: (host: string) => Promise<string[]>,
  policy: AddressPolicy,
): Promise<{ addresses: string[] } | { refused: string }> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) {
    return { refused: 'must be an https URL' };
  }
  if (url.username || url.password) return { refused: 'must not carry credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIpLiteral(host) ? [host] : await resolve(host);
  } catch {
    return { refused: 'host not resolved' };
  }
  if (addresses.length === 0) return { refused: 'host not resolved' };
  for (const address of addresses) {
    const refusal = addressRefusal(address, policy);
    if (refusal) return { refused: `resolves to a ${refusal}` };
  }
  return { addresses };
}
