import { ConfigError, loadConfig } from './config';

const PEPPER = 'p'.repeat(32);

describe('loadConfig', () => {
  it('applies the defaults: PORT 3000, REPORT_TIME_ZONE America/Sao_Paulo, SLA_TOLERANCE_MINUTES 15, embedded database', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({
      port: 3000,
      shutdownTimeoutMs: 10000,
      databaseUrl: null,
      redisUrl: null,
      reportTimeZone: 'America/Sao_Paulo',
      slaToleranceMinutes: 15,
      dataDir: '/srv/.data',
      rateLimitPerMinute: 1200,
      credentialsCacheSeconds: 30,
      searchConcurrency: { total: 2, perAccount: 1 },
      databaseTimeoutMs: 15000,
      databaseAcquireTimeoutMs: 2000,
      authFailureLimit: { perAddress: 30, perClientId: 60 },
      trustProxyHops: 0,
      webhooksAllowHttp: true,
    });
  });

  it('WEBHOOKS_ALLOW_HTTP defaults to true with the embedded database (a demo on 127.0.0.1), to false with DATABASE_URL', () => {
    expect(loadConfig({}).webhooksAllowHttp).toBe(true);
    expect(loadConfig({ WEBHOOKS_ALLOW_HTTP: 'false' }).webhooksAllowHttp).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', CREDENTIALS_PEPPER: PEPPER }).webhooksAllowHttp).toBe(false);
  });

  it('binds to 127.0.0.1 with the embedded database (its demo secret is printed), to every interface with DATABASE_URL; HOST chooses', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', CREDENTIALS_PEPPER: PEPPER }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    expect(loadConfig({ HOST: 'api.internal', DATABASE_URL: 'postgres://u@h:5432/db', CREDENTIALS_PEPPER: PEPPER }).host).toBe('api.internal');
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REPORT_TIME_ZONE: 'Europe/Lisbon',
      SLA_TOLERANCE_MINUTES: '0',
      CREDENTIALS_PEPPER: PEPPER,
      SEARCH_CONCURRENCY: '4',
      SEARCH_CONCURRENCY_PER_ACCOUNT: '2',
      DATABASE_ACQUIRE_TIMEOUT_MS: '750',
      SHUTDOWN_TIMEOUT_MS: '2500',
      AUTH_FAILURE_LIMIT_PER_ADDRESS: '0',
      AUTH_FAILURE_LIMIT_PER_CLIENT_ID: '500',
      TRUST_PROXY_HOPS: '1',
      WEBHOOKS_ALLOW_HTTP: 'true',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h:5432/db', redisUrl: 'redis://127.0.0.1:6379', reportTimeZone: 'Europe/Lisbon', slaToleranceMinutes: 0 });
    expect(config.searchConcurrency).toEqual({ total: 4, perAccount: 2 });
    expect(config.databaseAcquireTimeoutMs).toBe(750);
    expect(config.shutdownTimeoutMs).toBe(2500);
    expect(config.authFailureLimit).toEqual({ perAddress: 0, perClientId: 500 });
    expect(config.trustProxyHops).toBe(1);
    expect(config.webhooksAllowHttp).toBe(true);
  });

  it('DATABASE_REPLICA_URL names the replica the listings read; absent, they read the primary', () => {
    const primary = { DATABASE_URL: 'postgres://u@primary:5432/db', CREDENTIALS_PEPPER: PEPPER };
    expect(loadConfig(primary).databaseReplicaUrl).toBeNull();
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://u@replica:5432/db' }).databaseReplicaUrl).toBe('postgres://u@replica:5432/db');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer'],
    [{ DATABASE_URL: 'mysql://x', CREDENTIALS_PEPPER: PEPPER }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'nope' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ DATABASE_URL: 'postgres://h/db', CREDENTIALS_PEPPER: PEPPER, DATABASE_REPLICA_URL: 'h2/db' }, 'DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_REPLICA_URL: 'postgres://h2/db' }, 'DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica'],
    [{ REPORT_TIME_ZONE: 'Mars/Olympus' }, 'REPORT_TIME_ZONE must be an IANA time zone'],
    [{ SLA_TOLERANCE_MINUTES: '-5' }, 'SLA_TOLERANCE_MINUTES must be an integer from 0 to 1440'],
    [{ DATABASE_URL: 'postgres://h/db' }, 'CREDENTIALS_PEPPER is required when DATABASE_URL is set'],
    [{ CREDENTIALS_PEPPER: 'short' }, 'CREDENTIALS_PEPPER must be at least 32 characters'],
    [{ RATE_LIMIT_PER_MINUTE: 'many' }, 'RATE_LIMIT_PER_MINUTE must be an integer from 0 to 1000000'],
    [{ CREDENTIALS_CACHE_SECONDS: '-1' }, 'CREDENTIALS_CACHE_SECONDS must be an integer from 0 to 3600'],
    [{ SEARCH_CONCURRENCY: '0' }, 'SEARCH_CONCURRENCY must be an integer from 1 to 1000'],
    [{ HOST: 'not a host' }, 'HOST must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0 (got "not a host")'],
    [{ HOST: 'http://0.0.0.0' }, 'HOST must be an IP address or a host name'],
    [{ SHUTDOWN_TIMEOUT_MS: 'forever' }, 'SHUTDOWN_TIMEOUT_MS must be an integer from 100 to 600000'],
    [{ DATABASE_ACQUIRE_TIMEOUT_MS: '50' }, 'DATABASE_ACQUIRE_TIMEOUT_MS must be an integer from 100 to 600000'],
    [{ AUTH_FAILURE_LIMIT_PER_ADDRESS: '-1' }, 'AUTH_FAILURE_LIMIT_PER_ADDRESS must be an integer from 0 to 1000000'],
    [{ AUTH_FAILURE_LIMIT_PER_CLIENT_ID: 'ten' }, 'AUTH_FAILURE_LIMIT_PER_CLIENT_ID must be an integer from 0 to 1000000'],
    [{ TRUST_PROXY_HOPS: 'yes' }, 'TRUST_PROXY_HOPS must be an integer from 0 to 10'],
    [{ WEBHOOKS_ALLOW_HTTP: 'yes' }, 'WEBHOOKS_ALLOW_HTTP must be true or false (got "yes")'],
    [{ METRICS: 'on' }, 'METRICS must be true or false (got "on")'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT must be an integer from 1 to 65535 (got "0")'],
    [{ PORT: '9100', METRICS_PORT: '9100' }, 'METRICS_PORT must differ from PORT (both 9100)'],
    [{ WORKER_METRICS_PORT: '70000' }, 'WORKER_METRICS_PORT must be an integer from 1 to 65535 (got "70000")'],
    [{ WORKER_METRICS_PORT: 'metrics' }, 'WORKER_METRICS_PORT must be an integer from 1 to 65535 (got "metrics")'],
    [{ PORT: '9101', WORKER_METRICS_PORT: '9101' }, 'WORKER_METRICS_PORT must differ from PORT (both 9101)'],
    [{ METRICS_PORT: '9464', WORKER_METRICS_PORT: '9464' }, 'WORKER_METRICS_PORT must differ from METRICS_PORT (both 9464)'],
  ])('a bad value stops the start with a clear message: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('metrics are off unless METRICS=true (main port) or METRICS_PORT (a port of their own) asks for them', () => {
    expect(loadConfig({}).metrics).toEqual({ onMainPort: false, port: null });
    expect(loadConfig({ METRICS: 'true' }).metrics).toEqual({ onMainPort: true, port: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ onMainPort: false, port: 9464 });
    expect(loadConfig({ METRICS: 'true', METRICS_PORT: '9464' }).metrics).toEqual({ onMainPort: true, port: 9464 });
  });

  it('the worker serves its metrics only when WORKER_METRICS_PORT names a port: off by default', () => {
    expect(loadConfig({}).workerMetricsPort).toBeNull();
    expect(loadConfig({ WORKER_METRICS_PORT: ' ' }).workerMetricsPort).toBeNull();
    expect(loadConfig({ WORKER_METRICS_PORT: '9465' }).workerMetricsPort).toBe(9465);
    expect(loadConfig({ METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465' })).toMatchObject({ metrics: { port: 9464 }, workerMetricsPort: 9465 });
  });
});
