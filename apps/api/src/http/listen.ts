import { createServer } from 'node:net';

/** A start refused for a reason the operator can fix, said in one line, without a stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The one-line reason why the service cannot listen on host:port, or null for any other failure. */
export function listenProblem(error: unknown, host: string, port: number, variable = 'PORT'): StartupError | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${port} on ${host} is already in use (is the service already running?); set ${variable} to another port`);
    case 'EACCES':
      return new StartupError(`Port ${port} on ${host} needs privileges this process does not have; set ${variable} to a port above 1023`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST ${host} is not an address of this machine; set HOST to one of its addresses, or 0.0.0.0 for all`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`HOST ${host} cannot be resolved to an address of this machine`);
    default:
      return null;
  }
}

/**
 * Checks that host:port can be bound, before anything is started or printed (a second start on a
 * busy port would otherwise print the demo credentials, then fail). Binding and releasing a probe
 * leaves a window for another process to take the port; the real listen reports that the same way.
 */
export async function assertCanListen(host: string, port: number, variable = 'PORT'): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(listenProblem(error, host, port, variable) ?? error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
