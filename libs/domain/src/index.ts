// Model: pure TypeScript.
export * from './lib/model/domain-error';
export * from './lib/model/zoned-time';
export * from './lib/model/mission-status';
export * from './lib/model/mission-status.errors';
export * from './lib/model/participant';
export * from './lib/model/participant.errors';
export * from './lib/model/shift';
export * from './lib/model/shift.errors';
export * from './lib/model/demand';
export * from './lib/model/demand.errors';
export * from './lib/model/register';

// Application: commands, queries and the ports adapters implement.
export * from './lib/application/ports/clock.port';
export * from './lib/application/ports/key-generator.port';
export * from './lib/application/ports/domain-config.port';
export * from './lib/application/ports/demand-repository.port';
export * from './lib/application/ports/idempotency-keys.port';
export * from './lib/application/ports/client-accounts.port';
export * from './lib/application/ports/participant-repository.port';
export * from './lib/application/not-found.errors';
export * from './lib/application/idempotency.errors';
export * from './lib/application/commands/create-demand/create-demand.command';
export * from './lib/application/commands/create-demand/demand-created.event';
export * from './lib/application/commands/accept-place/accept-place.command';
export * from './lib/application/commands/accept-place/accept-place.errors';
export * from './lib/application/commands/participant-progress/participant-progress.command';
export * from './lib/application/commands/submit-work/submit-work.command';
export * from './lib/application/commands/review-register/review-register.command';
export * from './lib/application/credentials/credentials.commands';
export * from './lib/application/credentials/secret-hasher';
export { InvalidAccountNameError } from './lib/application/credentials/credentials.handlers';
export * from './lib/application/handlers';
