import { aParticipantState } from '../../testing/object-mothers';
import { MISSION_STATUSES, MissionStatus } from './mission-status';
import { InvalidTransitionError } from './mission-status.errors';
import { Participant } from './participant';
import {
  Register,
  RegisterAlreadyReviewedError,
  type RegisterState,
  WorkApprovedError,
  WorkNotFinishedError,
  WorkRejectedError,
} from './register';

const SUBMISSION = { id: 'r-1', missionsUserId: 'p-1', identifier: 'receipt 42' };

const pending = () => Register.submit({ ...SUBMISSION, participantStatus: MissionStatus.FINISHED });
/** The participant whose work the register is, in `status`. */
const work = (status = MissionStatus.FINISHED) => Participant.restore(aParticipantState({ id: 'p-1', muKey: 'MU-1', status }));
const REVIEWS = {
  approve: (register: Register) => register.approve(work()),
  reprove: (register: Register) => register.reprove(),
} as const;

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
    register.approve(work());
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
    REVIEWS[first](register);
    let error: unknown;
    try {
      REVIEWS[second](register);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RegisterAlreadyReviewedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'REGISTER_ALREADY_REVIEWED', status });
    expect(register.state.status).toBe(status);
  });

  it('"reviewed once" holds for a restored register too', () => {
    const register = Register.restore({ ...SUBMISSION, status: 'REPROVED' });
    expect(() => register.approve(work())).toThrow(RegisterAlreadyReviewedError);
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
    register.approve(work());
    expect(state.status).toBe('PENDING');
    state.identifier = 'changed';
    expect(register.state).toEqual({ ...SUBMISSION, status: 'APPROVED' });
  });
});

describe('"the work review and the register review are one decision": a REJECTED participant never has an APPROVED register', () => {
  it('rejecting the participant reproves its PENDING register', () => {
    const [participant, register] = [work(), pending()];
    participant.reject(register);
    expect(participant.state.status).toBe(MissionStatus.REJECTED);
    expect(register.state.status).toBe('REPROVED');
  });

  it('an APPROVED register forbids rejecting the participant: WorkApprovedError, nothing changes', () => {
    const [participant, register] = [work(), pending()];
    register.approve(participant);
    const error = (() => {
      try {
        participant.reject(register);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(WorkApprovedError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'WORK_APPROVED', muKey: 'MU-1' });
    expect(participant.state.status).toBe(MissionStatus.FINISHED);
    expect(register.state.status).toBe('APPROVED');
  });

  it('a REPROVED register stays so; no register at all is rejected alone', () => {
    const [participant, register] = [work(), Register.restore({ ...SUBMISSION, status: 'REPROVED' })];
    participant.reject(register);
    expect([participant.state.status, register.state.status]).toEqual([MissionStatus.REJECTED, 'REPROVED']);
    const alone = work();
    alone.reject(null);
    expect(alone.state.status).toBe(MissionStatus.REJECTED);
  });

  it('rejecting unfinished work is refused before the register is touched', () => {
    const register = pending();
    expect(() => work(MissionStatus.STARTED).reject(register)).toThrow(InvalidTransitionError);
    expect(register.state.status).toBe('PENDING');
  });

  it("a rejected participant's register is not approved (rows written before the rule: REJECTED beside PENDING)", () => {
    const register = pending();
    expect(() => register.approve(work(MissionStatus.REJECTED))).toThrow(WorkRejectedError);
    expect(register.state.status).toBe('PENDING');
    register.reprove();
    expect(register.state.status).toBe('REPROVED');
  });

  it("a register is reviewed only with its own participant's work", () => {
    const stranger = Participant.restore(aParticipantState({ id: 'p-2', status: MissionStatus.FINISHED }));
    expect(() => pending().approve(stranger)).toThrow('is the work of p-1, not of p-2');
    expect(() => stranger.reject(pending())).toThrow('is the work of p-1, not of p-2');
  });
});
