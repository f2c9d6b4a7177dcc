import { MISSION_STATUSES, MissionStatus } from './mission-status';
import { Register, RegisterAlreadyReviewedError, type RegisterState, WorkNotFinishedError } from './register';

const SUBMISSION = { id: 'r-1', missionsUserId: 'p-1', identifier: 'receipt 42' };

const pending = () => Register.submit({ ...SUBMISSION, participantStatus: MissionStatus.FINISHED });

describe('Register.submit', () => {
  it('"a register is created when a participant\'s work is submitted (status PENDING)"', () => {
    expect(pending().state).toEqual<RegisterState>({ ...SUBMISSION, status: 'PENDING' });
  });

  it.each(MISSION_STATUSES.filter((status) => status !== MissionStatus.FINISHED).map((status) => [MissionStatus[status], status]))(
    '"only finished work can be submitted": %s is refused with WorkNotFinishedError',
    (name, status) => {
      const submit = () => Register.submit({ ...SUBMISSION, participantStatus: status as MissionStatus });
      expect(submit).toThrow(WorkNotFinishedError);
      expect(submit).toThrow(`the participant is ${name}`);
    },
  );

  it('WorkNotFinishedError is a rule error carrying the status', () => {
    const error = new WorkNotFinishedError(MissionStatus.STARTED);
    expect(error).toMatchObject({ kind: 'rule', code: 'WORK_NOT_FINISHED', status: MissionStatus.STARTED });
  });
});

describe('Register review', () => {
  it('"reviewed to APPROVED"', () => {
    const register = pending();
    register.approve();
    expect(register.state.status).toBe('APPROVED');
  });

  it('"reviewed to REPROVED"', () => {
    const register = pending();
    register.reprove();
    expect(register.state.status).toBe('REPROVED');
  });

  it.each([
    ['approve', 'approve', 'APPROVED'],
    ['approve', 'reprove', 'APPROVED'],
    ['reprove', 'approve', 'REPROVED'],
    ['reprove', 'reprove', 'REPROVED'],
  ] as const)('"reviewed once": %s then %s is refused with RegisterAlreadyReviewedError', (first, second, status) => {
    const register = pending();
    register[first]();
    let error: unknown;
    try {
      register[second]();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RegisterAlreadyReviewedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'REGISTER_ALREADY_REVIEWED', status });
    expect(register.state.status).toBe(status);
  });

  it('"reviewed once" holds for a restored register too', () => {
    const register = Register.restore({ ...SUBMISSION, status: 'REPROVED' });
    expect(() => register.approve()).toThrow(RegisterAlreadyReviewedError);
  });
});

describe('Register state', () => {
  it('"state is a copy": changing it does not change the register', () => {
    const register = pending();
    (register.state as RegisterState).status = 'APPROVED';
    expect(register.state.status).toBe('PENDING');
    expect(register.state).not.toBe(register.state);
  });

  it('"state is a copy": the state handed to restore is copied in', () => {
    const state: RegisterState = { ...SUBMISSION, status: 'PENDING' };
    const register = Register.restore(state);
    register.approve();
    expect(state.status).toBe('PENDING');
    state.identifier = 'changed';
    expect(register.state).toEqual({ ...SUBMISSION, status: 'APPROVED' });
  });
});
