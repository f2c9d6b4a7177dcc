/** A request the HTTP layer refuses before it reaches the domain, with the contract's status and message. */
export class RequestError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }

  static unauthenticated(): RequestError {
    return new RequestError(401, 'Client ID ou Client Secret inválido ou ausente.');
  }

  static invalid(message: string): RequestError {
    return new RequestError(400, message);
  }
}
