import { type AddressInfo, createServer } from 'node:net';

/** A port nothing listens on now: bound by us for a moment, then released. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}
