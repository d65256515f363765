/** Business constants both sides read (each is documented on its docs/product/README.md page). */
export const LIMITS = {
  maxWorkersOutboundDefault: 50,
  maxWorkersInboundDefault: 10,
  maxWorkersCap: 50,
  tripDurationMin: 1,
  tripDurationMax: 365,
  boxViewDays: 30,
  calendarCells: 42,
  storedFlightTtlMs: 24 * 60 * 60 * 1000,
  toastDurationMs: 6000,
  passwordMinLength: 6,
  phoneDigits: 10,
  resetTokenTtlMs: 60 * 60 * 1000,
  adminPageSize: 25,
  adminTopOrigins: 8,
  earthRadiusMiles: 3959,
  weatherDays: 7,
} as const;
