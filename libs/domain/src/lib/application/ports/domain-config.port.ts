import type { DeadlineRules } from '../../model/participant';

/** The settings the domain's rules depend on, read once from the environment by the app. */
export abstract class DomainConfig {
  /** IANA zone in which report periods and demand dates are whole days. */
  abstract readonly reportTimeZone: string;
  /** How late a check-in may be and still meet the SLA. */
  abstract readonly slaToleranceMinutes: number;
}

export function deadlineRules(config: DomainConfig): DeadlineRules {
  return { timeZone: config.reportTimeZone, slaToleranceMinutes: config.slaToleranceMinutes };
}
