import type { Socket } from 'node:net';

// node's parser refuses these before any request exists, so no middleware or filter sees them.
const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request timeout'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'Request body too large'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'Malformed HTTP request'];

/** The bytes of a complete answer to a request node's HTTP parser refused, with a `{"error"}` body. */
export function clientErrorResponse(code: string | undefined): string {
  const [status, reason, message] = (code !== undefined && ANSWERS[code]) || MALFORMED;
  const body = JSON.stringify({ error: message });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The http.Server's 'clientError' listener. Node's own answers have an empty body; these follow the
 * contract (`{"error"}` and nothing else). As node does, it answers only while nothing of another
 * response has been written on the connection, and then closes it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
    socket.end(clientErrorResponse(error.code));
    socket.destroySoon();
  } else {
    socket.destroy();
  }
}
