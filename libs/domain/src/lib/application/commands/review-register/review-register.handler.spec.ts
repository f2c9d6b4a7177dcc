import { inMemoryHarness } from '../../../../testing';
import { MissionStatus } from '../../../model/mission-status';
import { RegisterAlreadyReviewedError, type RegisterState, WorkRejectedError } from '../../../model/register';
import { NotFoundError } from '../../not-found.errors';
import { ReviewRegisterCommand } from './review-register.command';
import { ReviewRegisterHandler } from './review-register.handler';

const MU_KEY = 'MU-000000000001';
const PENDING: RegisterState = { id: 'r-1', missionsUserId: 'p-1', identifier: 'receipt 42', status: 'PENDING' };

async function setup({ withRegister = true } = {}) {
  const harness = inMemoryHarness();
  const handler = new ReviewRegisterHandler(harness.participants);
  const accountId = await harness.fixtures.account();
  harness.db.participants.push({
    id: 'p-1',
    muKey: MU_KEY,
    missionId: 'mission-1',
    missionDate: new Date('2026-12-01T03:00:00.000Z'),
    userName: 'Ana',
    status: MissionStatus.FINISHED,
    shiftStartsAt: null,
    scheduledFor: null,
    checkInAt: new Date('2026-12-01T11:00:00.000Z'),
    checkOutAt: new Date('2026-12-01T20:00:00.000Z'),
    tokenInput: null,
    isSla: false,
    rating: null,
    ratingMessage: null,
    isBuffer: false,
    requests: null,
    accountId,
  });
  if (withRegister) harness.db.registers.push({ ...PENDING, accountId });
  const review = (outcome: 'APPROVED' | 'REPROVED', muKey = MU_KEY, account = accountId) =>
    handler.execute(new ReviewRegisterCommand(account, muKey, outcome));
  return { ...harness, accountId, review };
}

describe('ReviewRegisterHandler', () => {
  it.each(['APPROVED', 'REPROVED'] as const)('"reviewed to APPROVED or REPROVED": %s, and stored', async (outcome) => {
    const { db, accountId, review } = await setup();
    const register = await review(outcome);
    expect(register).toEqual({ ...PENDING, status: outcome });
    expect(db.registers).toEqual([{ ...register, accountId }]);
  });

  it('"reviewed once": a second review is refused and the first outcome stays', async () => {
    const { db, review } = await setup();
    await review('APPROVED');
    const error = await review('REPROVED').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RegisterAlreadyReviewedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'REGISTER_ALREADY_REVIEWED', status: 'APPROVED' });
    expect(db.registers[0].status).toBe('APPROVED');
  });

  it('NotFoundError for an unknown MU key', async () => {
    const { review } = await setup();
    const error = await review('APPROVED', 'MU-UNKNOWN').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'not-found', code: 'PARTICIPANT_NOT_FOUND' });
  });

  it('"a REJECTED participant never has an APPROVED register": approving the work of a rejected participant is refused', async () => {
    const { db, review } = await setup();
    db.participants[0].status = MissionStatus.REJECTED;
    const error = await review('APPROVED').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkRejectedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'WORK_REJECTED' });
    expect(db.registers[0].status).toBe('PENDING');
    await expect(review('REPROVED')).resolves.toMatchObject({ status: 'REPROVED' });
  });

  it('NotFoundError for a participant whose work was not submitted', async () => {
    const { review } = await setup({ withRegister: false });
    await expect(review('APPROVED')).rejects.toMatchObject({ code: 'REGISTER_NOT_FOUND' });
  });

  it('"an id that belongs to another account behaves exactly like an id that does not exist"', async () => {
    const { db, fixtures, review } = await setup();
    const other = await fixtures.account();
    await expect(review('APPROVED', MU_KEY, other)).rejects.toBeInstanceOf(NotFoundError);
    expect(db.registers[0].status).toBe('PENDING');
  });
});
