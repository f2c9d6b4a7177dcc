import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '../../model/domain-error';

export class InvalidWebhookError extends DomainError {
  readonly kind = 'invalid' as const;

  constructor(
    readonly code: 'INVALID_WEBHOOK_URL' | 'FORBIDDEN_WEBHOOK_ADDRESS' | 'UNRESOLVED_WEBHOOK_HOST' | 'INVALID_WEBHOOK_EVENTS',
    message: string,
  ) {
    super(message);
  }
}

/** Answers the addresses a host name resolves to, every one of them. */
export abstract class HostResolver {
  abstract resolve(host: string): Promise<string[]>;
}

const RESOLVE_TIMEOUT_MS = 5_000;

/** The system resolver (hosts file, then DNS), as the HTTP client that will send the deliveries uses it. */
export class SystemHostResolver extends HostResolver {
  async resolve(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('resolution timed out')), RESOLVE_TIMEOUT_MS);
    });
    try {
      const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
      return found.map((entry) => entry.address);
    } finally {
      clearTimeout(timer);
    }
  }
}

export const WEBHOOK_LIMITS = Object.freeze({ perAccount: 10, urlMaxLength: 2048 });

function blockList(v4: readonly string[], v6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), 'ipv4');
  }
  for (const cidr of v6) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), 'ipv6');
  }
  return list;
}

const LOOPBACK = blockList(['127.0.0.0/8'], ['::1/128']);

// Every range that is not a public unicast address (IANA special-purpose registries). IPv4-mapped
// IPv6 addresses (::ffff:a.b.c.d) are checked against the IPv4 rules by BlockList itself.
const INTERNAL = blockList(
  [
    '0.0.0.0/8', // "this network"
    '10.0.0.0/8', // private
    '100.64.0.0/10', // carrier-grade NAT
    '169.254.0.0/16', // link-local, cloud metadata services
    '172.16.0.0/12', // private
    '192.0.0.0/24', // IETF protocol assignments
    '192.0.2.0/24', // documentation
    '192.88.99.0/24', // 6to4 relay anycast
    '192.168.0.0/16', // private
    '198.18.0.0/15', // benchmarking
    '198.51.100.0/24', // documentation
    '203.0.113.0/24', // documentation
    '224.0.0.0/4', // multicast
    '240.0.0.0/4', // reserved, and the broadcast address
  ],
  [
    '::/128', // unspecified
    '100::/64', // discard
    '2001::/23', // IETF protocol assignments, Teredo among them
    '2001:db8::/32', // documentation
    '2002::/16', // 6to4: an IPv4 address inside
    'fc00::/7', // unique local
    'fe80::/10', // link-local
    'fec0::/10', // site-local (deprecated)
    'ff00::/8', // multicast
  ],
);

const NAT64 = blockList([], ['64:ff9b::/96']);

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: string): string {
  const [head, tail = ''] = address.split('::');
  let groups = [...head.split(':').filter(Boolean)];
  const rest = tail.split(':').filter(Boolean);
  const last = rest.at(-1) ?? groups.at(-1) ?? '';
  if (last.includes('.')) return last;
  groups = [...groups, ...Array(8 - groups.length - rest.length).fill('0'), ...rest];
  const [high, low] = groups.slice(6).map((group) => parseInt(group, 16));
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export type AddressKind = 'public' | 'loopback' | 'internal';

export function addressKind(address: string): AddressKind {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && NAT64.check(address, 'ipv6')) return addressKind(embeddedIpv4(address));
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (INTERNAL.check(address, family)) return 'internal';
  return 'public';
}

export abstract class WebhookUrlPolicy {
  /** WEBHOOKS_ALLOW_HTTP: loopback receivers (tests, a demo), over http: or https:. */
  abstract readonly allowLoopback: boolean;
}

/**
 * Whether a receiver may be called at `address`: a public one over https: only; loopback, over
 * either scheme, only when allowed. The rule of registration, and of the sender at each connection.
 */
export function webhookAddressAllowed(address: string, http: boolean, policy: WebhookUrlPolicy): boolean {
  const kind = addressKind(address);
  return kind === 'public' ? !http : kind === 'loopback' && policy.allowLoopback;
}

const URL_SHAPE = `url must be an absolute URL of at most ${WEBHOOK_LIMITS.urlMaxLength} characters`;

/**
 * Checks a receiver URL against server-side request forgery: https: only (http: only to loopback,
 * when allowed), no credentials, and a host whose every address is public unicast (loopback when
 * allowed). Answers the URL as it will be called. The sender checks the addresses again at each
 * delivery, since a name may resolve differently later.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, resolver: HostResolver): Promise<string> {
  if (raw.length > WEBHOOK_LIMITS.urlMaxLength || !URL.canParse(raw)) throw new InvalidWebhookError('INVALID_WEBHOOK_URL', URL_SHAPE);
  const url = new URL(raw);
  const http = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(http && policy.allowLoopback)) {
    throw new InvalidWebhookError('INVALID_WEBHOOK_URL', policy.allowLoopback ? 'url must be an https: URL, or http: to a loopback address' : 'url must be an https: URL');
  }
  if (url.username !== '' || url.password !== '') throw new InvalidWebhookError('INVALID_WEBHOOK_URL', 'url must not carry a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolver.resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new InvalidWebhookError('UNRESOLVED_WEBHOOK_HOST', `url host ${host} does not resolve`);
  for (const address of addresses) {
    if (!webhookAddressAllowed(address, http, policy)) {
      throw new InvalidWebhookError(
        'FORBIDDEN_WEBHOOK_ADDRESS',
        http
          ? `url with http: must point to a loopback address; ${host} is ${address}`
          : `url must point to a public address; ${host} is ${address}, a private, loopback, link-local or reserved address`,
      );
    }
  }
  return url.href;
}
