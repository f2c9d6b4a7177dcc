import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { webhookAddressAllowed, type WebhookUrlPolicy } from '@mwr/domain';

/** What the receiver answered: a status code, or none and why. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
}

class ForbiddenAddressError extends Error {}

/**
 * POSTs a delivery. The addresses connected to are checked against the registration's SSRF rules
 * at each connection, inside the socket's own lookup, so a name that resolves elsewhere since it
 * was registered (DNS rebinding) is refused, and no other lookup can slip in between. Redirects
 * are not followed (a 3xx is an answer like any non-2xx), and the whole exchange is bounded.
 */
export class WebhookSender {
  constructor(
    private readonly policy: WebhookUrlPolicy,
    private readonly timeoutMs: number,
  ) {}

  send(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<SendResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.resolve({ statusCode: null, error: 'invalid url' });
    }
    const http = target.protocol === 'http:';
    if (!http && target.protocol !== 'https:') return Promise.resolve({ statusCode: null, error: `unsupported scheme ${target.protocol}` });
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // An IP literal is connected to without a lookup: checked here instead.
    if (isIP(host) !== 0 && !webhookAddressAllowed(host, http, this.policy)) {
      return Promise.resolve({ statusCode: null, error: `forbidden address ${host}` });
    }
    const lookup = this.checkedLookup(http);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const request = (http ? httpRequest : httpsRequest)(
        target,
        {
          method: 'POST',
          agent: false,
          lookup,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'mission-workforce-results-webhooks',
          },
        },
        (response) => {
          // The status is the answer; the body is read and dropped so the socket can close.
          response.resume();
          finish({ statusCode: response.statusCode ?? null, error: null });
        },
      );
      const timer = setTimeout(() => {
        finish({ statusCode: null, error: `no answer within ${this.timeoutMs} ms` });
        request.destroy();
      }, this.timeoutMs);
      request.on('error', (error) => finish({ statusCode: null, error: error.message }));
      request.end(body);
    });
  }

  private checkedLookup(http: boolean): LookupFunction {
    return (hostname, options, callback) => {
      dnsLookup(hostname, { all: true, verbatim: true, family: options.family }, (error, found: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const forbidden = found.find((entry) => !webhookAddressAllowed(entry.address, http, this.policy));
        if (forbidden) return callback(new ForbiddenAddressError(`forbidden address ${forbidden.address} for ${hostname}`), '', 0);
        if (found.length === 0) return callback(new Error(`${hostname} does not resolve`), '', 0);
        if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
        callback(null, found[0].address, found[0].family);
      });
    };
  }
}
