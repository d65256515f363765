import type { AlertCheck, AlertKind, AlertRequestBase, CheckSchedule } from './alert-kind';
import { chainAlertKind } from './chain';
import { originWideAlertKind } from './origin-wide';
import { priceAlertKind } from './price';
import { seatsAlertKind } from './seats';
import { windowOpenAlertKind } from './window-open';

/** Every kind of alert, each with its create call (decisions 266, 273); the list and the delete serve them all. */
export const ALERT_KINDS: readonly AlertKind<AlertRequestBase>[] = [
  priceAlertKind,
  windowOpenAlertKind,
  originWideAlertKind,
  seatsAlertKind,
  chainAlertKind,
];

/** The alert check's part of a kind (none for an unknown kind). */
export function checkOf(kind: string): AlertCheck | undefined {
  return ALERT_KINDS.find((k) => k.kind === kind)?.check;
}

/** The kinds a schedule of the check takes (decision 307). */
export function kindsDue(schedule: CheckSchedule): string[] {
  return ALERT_KINDS.filter((k) => k.check.due === schedule).map((k) => k.kind);
}
