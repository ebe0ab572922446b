/** Business constants and limits (spec §9). */

/** The time zone of a project whose settings name none (and of the system's own views). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

export const PRIORITY = {
  manualMin: 1,
  manualMax: 5,
  manualDefault: 3,
  /** The form's 1–5 is stored as 2–10 (× 2), so its highest is the badges' 'Yüksek' (docs/priority.md). */
  formToStoredFactor: 2,
  storedMin: 1,
  storedMax: 10,
  /** Kanban badge: ≥ high is 'Yüksek', ≥ medium is 'Orta', else 'Düşük'. */
  high: 9,
  medium: 7,
} as const;

export const ROUTING_PRIORITY = { min: 1, max: 100, default: 50 } as const;

export const KANBAN = { activationDistancePx: 8, keyboardStepPx: 25 } as const;

export const TABLE = {
  bonusPageSizes: [10, 20, 50, 100] as const,
  bonusDefaultPageSize: 20,
  genericDefaultPageSize: 10,
  maxPageButtons: 5,
  maxLimit: 100,
  infiniteScrollThresholdPx: 100,
} as const;

/** TanStack Query stale times (ms). */
export const FRESHNESS = {
  boardRequests: 10_000,
  tableRequests: 30_000,
  stats: 60_000,
  syncLogs: 30_000,
} as const;

/** How the web app reads the API when the server may not answer. */
export const API_CLIENT = {
  /** A read with no answer by then fails as unreachable, instead of a spinner that never ends. */
  readTimeoutMs: 20_000,
  /** A failed read is tried once more after this pause, so the error shows within a few seconds. */
  retryDelayMs: 500,
  /** While the server is unreachable, how often the app checks whether it is back. */
  recoveryProbeMs: 5_000,
} as const;

export const SOCKET = {
  timeoutMs: 20_000,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 5_000,
} as const;

export const TOAST_DURATION_MS = 5_000;

export const SESSION = {
  storageKey: 'bonus-auth',
  themeStorageKey: 'bonus-theme',
  unknownSessionMessage: 'Session ID unknown',
  projectNotSpecifiedMessage: 'Project not specified',
} as const;

/**
 * The cookies of a browser sign-in. The refresh token lives only in `refresh` (HttpOnly, SameSite=Strict,
 * Path=/api/auth): no script can read it. `csrf` is readable by the page on purpose: the refresh and logout
 * calls send its value back in `csrfHeader` (double submit), which another site can neither read nor send.
 */
export const AUTH_COOKIES = {
  refresh: 'bonus_refresh',
  refreshPath: '/api/auth',
  csrf: 'bonus_csrf',
  csrfHeader: 'x-csrf-token',
} as const;

export const AGENT_THRESHOLDS = {
  performanceHigh: 90,
  performanceMedium: 80,
  loadRed: 80,
  loadYellow: 60,
  defaultMaxLoad: 5,
  awayAfterMs: 5 * 60_000,
} as const;

export const SETTINGS_DEFAULTS = {
  appName: 'Bonus Management System',
  timezone: DEFAULT_TIME_ZONE,
  sessionTimeout: 7200,
  maxLoginAttempts: 5,
  emailNotifications: true,
  smsNotifications: false,
  autoSync: true,
  syncInterval: 30,
} as const;
export const TIMEZONES = [DEFAULT_TIME_ZONE, 'UTC', 'America/New_York', 'Europe/London'] as const;

export const LOCALE = 'tr-TR';
export const CURRENCY = 'TRY';

/** The operator's desk (issue 15): what keeps work safe and quick. */
export const DESK = {
  /** A click on an action that appeared less than this long ago is ignored (the button moved under the pointer). */
  freshActionGuardMs: 400,
  /**
   * A claimed card stays where it was, inert and saying 'Üzerinize alındı', this long after the server's answer, and its
   * list does not move meanwhile (live reloads included): a second click lands on it, never on another request.
   */
  claimedHoldMs: 1_500,
  /** After a claim, focus waits this long for the claimed card to show in 'Üzerimde' (a slow network takes seconds). */
  claimFocusWaitMs: 15_000,
  /** 'Geri Al' stays in the toast this long; the server allows a little more for the round trip. */
  undoWindowMs: 10_000,
  undoServerGraceMs: 5_000,
  /** Project setting defaults (project_settings' own defaults), used while a project's row is unknown. */
  defaultDuplicateWindowHours: 24,
  defaultCompleteConfirmAmount: 10_000,
} as const;
