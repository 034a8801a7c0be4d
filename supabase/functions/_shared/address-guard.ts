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

/** The IPv4 address in two 16-bit groups. */
const v4Of = (high: number, low: number): number[] => [high >> 8, high & 255, low >> 8, low & 255];

/**
 * The range of an IPv4 address a tunnel or translator embeds (`via` names it). Its loopback is not the
 * loopback the test/dev allowance means (it is reached through a relay, if at all): refused even then.
 */
function embeddedRange(v4: number[], via: string): string | null {
  const range = ipv4Range(v4);
  return range === null ? null : `${range} (${via})`;
}

/**
 * The range of an IPv6 address, judging the IPv4 address every form that carries one embeds: mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32: the server in groups
 * 2–3, the client's address inverted in groups 6–7). One public form of a private address is enough
 * to reach it (issue 42: [2002:7f00:1::] passed).
 */
function ipv6Range(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const tail = v4Of(g6, g7);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
    if (g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
    // IPv4-mapped (::ffff:a.b.c.d): a dual-stack socket's own spelling of an IPv4 peer.
    if (g5 === 0xffff) return ipv4Range(tail);
    if (g5 === 0) return embeddedRange(tail, 'IPv4-compatible');
  }
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return embeddedRange(tail, 'IPv4-translated');
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embeddedRange(tail, 'NAT64');
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'local-use NAT64';
  if (g0 === 0x2002) return embeddedRange(v4Of(g1, g2), '6to4');
  if (g0 === 0x2001 && g1 === 0) {
    return embeddedRange(v4Of(g2, g3), 'Teredo server') ?? embeddedRange(v4Of(g6 ^ 0xffff, g7 ^ 0xffff), 'Teredo client');
  }
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'discard-only';
  if ((g0 & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
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
