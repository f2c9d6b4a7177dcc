import type { Socket } from 'node:net';
import { answerClientError, clientErrorResponse } from './client-error';

function fakeSocket(overrides: Partial<Record<'writable' | '_httpMessage', unknown>> = {}) {
  const written: string[] = [];
  const calls: string[] = [];
  const socket = {
    writable: true,
    end: (data: string) => {
      written.push(data);
      calls.push('end');
    },
    destroySoon: () => calls.push('destroySoon'),
    destroy: () => calls.push('destroy'),
    ...overrides,
  };
  return { socket: socket as unknown as Socket, written, calls };
}

const parserError = (code: string) => Object.assign(new Error(code), { code });

describe('answers to requests node\'s HTTP parser refuses: contract section 3, a {"error"} body always', () => {
  it.each([
    ['HPE_INVALID_URL', 400, 'Malformed HTTP request'],
    ['HPE_INVALID_METHOD', 400, 'Malformed HTTP request'],
    ['HPE_HEADER_OVERFLOW', 431, 'Request headers too large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'Request timeout'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'Request body too large'],
  ])('%s: %d %s', (code, status, message) => {
    const [head, body] = clientErrorResponse(code).split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(body).toBe(JSON.stringify({ error: message }));
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(head).toContain('X-Content-Type-Options: nosniff');
    expect(head).toContain('Connection: close');
  });

  it('answers, then closes the connection once the answer is written', () => {
    const { socket, written, calls } = fakeSocket();
    answerClientError(parserError('HPE_INVALID_URL'), socket);
    expect(written).toEqual([clientErrorResponse('HPE_INVALID_URL')]);
    expect(calls).toEqual(['end', 'destroySoon']);
  });

  it.each([
    ['a connection reset by the client', parserError('ECONNRESET'), {}],
    ['a socket no longer writable', parserError('HPE_INVALID_URL'), { writable: false }],
    ['a response of an earlier request already under way on the connection', parserError('HPE_INVALID_URL'), { _httpMessage: { headersSent: true } }],
  ])('writes nothing over %s, and closes it', (_case, error, overrides) => {
    const { socket, written, calls } = fakeSocket(overrides);
    answerClientError(error, socket);
    expect(written).toEqual([]);
    expect(calls).toEqual(['destroy']);
  });
});
