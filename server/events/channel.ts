/** The PostgreSQL channel on which a committed write wakes the app servers' event dispatchers (no payload: they read the record). */
export const EVENTS_CHANNEL = "quire_events";
