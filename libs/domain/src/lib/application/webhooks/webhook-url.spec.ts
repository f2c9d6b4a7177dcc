import { addressKind, checkWebhookUrl, HostResolver, InvalidWebhookError, SystemHostResolver, WEBHOOK_LIMITS } from './webhook-url';

class FakeResolver extends HostResolver {
  constructor(private readonly hosts: Record<string, string[]>) {
    super();
  }

  async resolve(host: string): Promise<string[]> {
    if (!(host in this.hosts)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return this.hosts[host];
  }
}

const resolver = new FakeResolver({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'localhost': ['127.0.0.1', '::1'],
  'empty.example.com': [],
});
const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };

async function refusal(url: string, policy = strict): Promise<InvalidWebhookError> {
  const error = await checkWebhookUrl(url, policy, resolver).catch((caught: unknown) => caught);
  if (!(error instanceof InvalidWebhookError)) throw new Error(`${url} was accepted`);
  return error;
}

describe('addressKind: which addresses a webhook may reach', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'internal'],
    ['172.16.5.4', 'internal'],
    ['172.31.255.255', 'internal'],
    ['192.168.0.1', 'internal'],
    ['169.254.169.254', 'internal'],
    ['100.64.0.1', 'internal'],
    ['100.127.255.254', 'internal'],
    ['0.0.0.0', 'internal'],
    ['224.0.0.1', 'internal'],
    ['239.255.255.250', 'internal'],
    ['255.255.255.255', 'internal'],
    ['198.18.0.1', 'internal'],
    ['::', 'internal'],
    ['fc00::1', 'internal'],
    ['fd12:3456:789a::1', 'internal'],
    ['fe80::1', 'internal'],
    ['ff02::1', 'internal'],
    ['::ffff:10.0.0.1', 'internal'],
    ['::ffff:a9fe:a9fe', 'internal'],
    ['64:ff9b::a00:1', 'internal'],
    ['64:ff9b::10.0.0.1', 'internal'],
    ['64:ff9b::808:808', 'public'],
    ['2002:a00:1::1', 'internal'],
    ['2001:db8::1', 'internal'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('172.15.x and 172.32.x, 100.63.x and 100.128.x lie outside the private and CGNAT ranges', () => {
    for (const address of ['172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '11.0.0.1', '192.169.0.1']) {
      expect([address, addressKind(address)]).toEqual([address, 'public']);
    }
  });
});

describe('checkWebhookUrl: "https:, or http: to loopback only when WEBHOOKS_ALLOW_HTTP=true; never private or link-local" (SSRF)', () => {
  it('accepts https: to a host whose every address is public, and answers the URL as it will be called', async () => {
    await expect(checkWebhookUrl('https://hooks.example.com/in?x=1', strict, resolver)).resolves.toBe('https://hooks.example.com/in?x=1');
    await expect(checkWebhookUrl('HTTPS://Hooks.Example.COM:8443', strict, resolver)).resolves.toBe('https://hooks.example.com:8443/');
    await expect(checkWebhookUrl('https://93.184.215.14/hook', strict, resolver)).resolves.toBe('https://93.184.215.14/hook');
  });

  it.each([
    ['http://hooks.example.com/in', /^url must be an https: URL$/],
    ['ftp://hooks.example.com/in', /^url must be an https: URL$/],
    ['hooks.example.com/in', /^url must be an absolute URL of at most 2048 characters$/],
    ['', /^url must be an absolute URL/],
    [`https://hooks.example.com/${'a'.repeat(WEBHOOK_LIMITS.urlMaxLength)}`, /^url must be an absolute URL of at most 2048 characters$/],
    ['https://user:pass@hooks.example.com/in', /^url must not carry a user name or password$/],
    ['https://internal.example.com/in', /^url must point to a public address; internal.example.com is 10.1.2.3/],
    ['https://mixed.example.com/in', /is 192.168.1.10/],
    ['https://metadata.example.com/latest', /is 169.254.169.254/],
    ['https://169.254.169.254/latest/meta-data', /is 169.254.169.254/],
    ['https://localhost/in', /is 127.0.0.1/],
    ['https://127.0.0.1/in', /is 127.0.0.1/],
    ['https://2130706433/in', /is 127.0.0.1/],
    ['https://0x7f.1/in', /is 127.0.0.1/],
    ['https://[::1]/in', /is ::1/],
    ['https://[fd00::1]/in', /is fd00::1/],
    ['https://[::ffff:192.168.0.1]/in', /is ::ffff:c0a8:1/],
    ['https://100.64.1.1/in', /is 100.64.1.1/],
    ['https://nowhere.example.com/in', /^url host nowhere.example.com does not resolve$/],
    ['https://empty.example.com/in', /does not resolve$/],
  ])('refuses %s', async (url, message) => {
    const error = await refusal(url);
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(message);
  });

  describe('with WEBHOOKS_ALLOW_HTTP=true', () => {
    it('accepts http: and https: to loopback', async () => {
      await expect(checkWebhookUrl('http://127.0.0.1:4000/hooks', loopbackAllowed, resolver)).resolves.toBe('http://127.0.0.1:4000/hooks');
      await expect(checkWebhookUrl('http://localhost:4000/', loopbackAllowed, resolver)).resolves.toBe('http://localhost:4000/');
      await expect(checkWebhookUrl('http://[::1]:4000/', loopbackAllowed, resolver)).resolves.toBe('http://[::1]:4000/');
      await expect(checkWebhookUrl('https://localhost/', loopbackAllowed, resolver)).resolves.toBe('https://localhost/');
    });

    it('still refuses http: to any other address, and private addresses over https:', async () => {
      expect((await refusal('http://hooks.example.com/in', loopbackAllowed)).message).toBe(
        'url with http: must point to a loopback address; hooks.example.com is 93.184.215.14',
      );
      expect((await refusal('http://10.0.0.1/in', loopbackAllowed)).message).toMatch(/^url with http: must point to a loopback address/);
      expect((await refusal('https://internal.example.com/in', loopbackAllowed)).message).toMatch(/^url must point to a public address/);
      expect((await refusal('ftp://localhost/in', loopbackAllowed)).message).toBe('url must be an https: URL, or http: to a loopback address');
    });
  });

  it('the system resolver answers every address of a name, from the hosts file too', async () => {
    const addresses = await new SystemHostResolver().resolve('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => addressKind(address) === 'loopback')).toBe(true);
  });
});
