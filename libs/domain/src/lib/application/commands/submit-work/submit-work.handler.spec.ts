import { inMemoryHarness } from '../../../../testing';
import { MissionStatus } from '../../../model/mission-status';
import type { ParticipantState } from '../../../model/participant';
import { RegisterAlreadySubmittedError, type RegisterState, WorkNotFinishedError } from '../../../model/register';
import { NotFoundError } from '../../not-found.errors';
import { SubmitWorkCommand } from './submit-work.command';
import { SubmitWorkHandler } from './submit-work.handler';
import { SequentialKeys } from '../../../../testing/test-doubles';

const MU_KEY = 'MU-000000000001';

function participant(status: MissionStatus): ParticipantState {
  const finishedOrLater = status === MissionStatus.FINISHED || status === MissionStatus.REJECTED;
  return {
    id: 'p-1',
    muKey: MU_KEY,
    missionId: 'mission-1',
    missionDate: new Date('2026-12-01T03:00:00.000Z'),
    userName: 'Ana',
    status,
    shiftStartsAt: null,
    scheduledFor: null,
    checkInAt: finishedOrLater ? new Date('2026-12-01T11:00:00.000Z') : null,
    checkOutAt: finishedOrLater ? new Date('2026-12-01T20:00:00.000Z') : null,
    tokenInput: null,
    isSla: false,
    rating: null,
    ratingMessage: null,
    isBuffer: false,
    requests: null,
  };
}

async function setup(status = MissionStatus.FINISHED) {
  const harness = inMemoryHarness();
  const handler = new SubmitWorkHandler(harness.participants, new SequentialKeys());
  const accountId = await harness.fixtures.account();
  harness.db.participants.push({ ...participant(status), accountId });
  const submit = (identifier = 'receipt 42', muKey = MU_KEY, account = accountId) =>
    handler.execute(new SubmitWorkCommand(account, muKey, identifier));
  return { ...harness, accountId, submit };
}

describe('SubmitWorkHandler', () => {
  it('"a register is created when a participant\'s work is submitted (status PENDING)", and stored', async () => {
    const { db, accountId, submit } = await setup();
    const register = await submit('receipt 42');

    expect(register).toEqual<RegisterState>({
      id: '00000000-0000-4000-8000-000000000001',
      missionsUserId: 'p-1',
      identifier: 'receipt 42',
      status: 'PENDING',
    });
    expect(db.registers).toEqual([{ ...register, accountId }]);
  });

  it('"the work of a participant is submitted once": a second submission is refused', async () => {
    const { db, submit } = await setup();
    await submit('first');
    const error = await submit('second').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RegisterAlreadySubmittedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'REGISTER_ALREADY_SUBMITTED' });
    expect(db.registers.map((r) => r.identifier)).toEqual(['first']);
  });

  const unfinished = [MissionStatus.WAITING, MissionStatus.STARTED, MissionStatus.INCOMPLETED, MissionStatus.REJECTED];

  it.each(unfinished.map((status) => [MissionStatus[status], status] as const))(
    '"only finished work can be submitted": %s is refused, nothing stored',
    async (_name, status) => {
      const { db, submit } = await setup(status);
      await expect(submit()).rejects.toBeInstanceOf(WorkNotFinishedError);
      expect(db.registers).toEqual([]);
    },
  );

  it('NotFoundError for an unknown MU key', async () => {
    const { submit } = await setup();
    await expect(submit('x', 'MU-UNKNOWN')).rejects.toMatchObject({ kind: 'not-found', code: 'PARTICIPANT_NOT_FOUND' });
  });

  it('"an id that belongs to another account behaves exactly like an id that does not exist"', async () => {
    const { db, fixtures, submit } = await setup();
    const other = await fixtures.account();
    await expect(submit('x', MU_KEY, other)).rejects.toBeInstanceOf(NotFoundError);
    expect(db.registers).toEqual([]);
  });
});
