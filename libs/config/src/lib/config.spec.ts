import { ConfigError, loadConfig } from './config';

const PEPPER = 'p'.repeat(32);

describe('loadConfig', () => {
  it('applies the defaults: PORT 3000, REPORT_TIME_ZONE America/Sao_Paulo, SLA_TOLERANCE_MINUTES 15, embedded database', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      reportTimeZone: 'America/Sao_Paulo',
      slaToleranceMinutes: 15,
      dataDir: '/srv/.data',
      rateLimitPerMinute: 1200,
      searchConcurrency: { total: 2, perAccount: 1 },
      databaseTimeoutMs: 15000,
      webhooksAllowHttp: false,
    });
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
      WEBHOOKS_ALLOW_HTTP: 'true',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h:5432/db', redisUrl: 'redis://127.0.0.1:6379', reportTimeZone: 'Europe/Lisbon', slaToleranceMinutes: 0 });
    expect(config.searchConcurrency).toEqual({ total: 4, perAccount: 2 });
    expect(config.webhooksAllowHttp).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer'],
    [{ DATABASE_URL: 'mysql://x', CREDENTIALS_PEPPER: PEPPER }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'nope' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ REPORT_TIME_ZONE: 'Mars/Olympus' }, 'REPORT_TIME_ZONE must be an IANA time zone'],
    [{ SLA_TOLERANCE_MINUTES: '-5' }, 'SLA_TOLERANCE_MINUTES must be an integer from 0 to 1440'],
    [{ DATABASE_URL: 'postgres://h/db' }, 'CREDENTIALS_PEPPER is required when DATABASE_URL is set'],
    [{ CREDENTIALS_PEPPER: 'short' }, 'CREDENTIALS_PEPPER must be at least 32 characters'],
    [{ RATE_LIMIT_PER_MINUTE: 'many' }, 'RATE_LIMIT_PER_MINUTE must be an integer from 0 to 1000000'],
    [{ SEARCH_CONCURRENCY: '0' }, 'SEARCH_CONCURRENCY must be an integer from 1 to 1000'],
    [{ WEBHOOKS_ALLOW_HTTP: 'yes' }, 'WEBHOOKS_ALLOW_HTTP must be true or false (got "yes")'],
  ])('a bad value stops the start with a clear message: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
